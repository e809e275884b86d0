import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorStatus } from '../../contract/error-status';
import { DEFAULT_LANGUAGE } from '../../contract/locales';
import type { Translator } from '../i18n/translator';

export interface BodyDeadlineOptions {
  /** How long a body of the default size limit may take to arrive. */
  timeoutMs: number;
  /** The default body limit: routes that take more get proportionally more time. */
  defaultBodyLimit: number;
  /** No body gets longer than this (Node's own `requestTimeout`). */
  maxTimeoutMs: number;
  translator: Translator;
}

/** Content-Length above 0, or a chunked body. */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * A request body must arrive within its deadline, or the connection is answered 408 and closed
 * (ADR 0052): a client trickling a byte every few seconds no longer holds a socket and a parser
 * for minutes. Uploads (multipart, streamed by the handler) are bounded by Node's
 * `requestTimeout` alone. A body a route refused without reading (a 429 at `onRequest`) is still
 * timed: Node reads and drops it before the connection can serve another request.
 */
export function installBodyDeadline(app: FastifyInstance, options: BodyDeadlineOptions) {
  app.addHook('onRequest', (request, reply, done) => {
    // `app.inject` has no connection to time.
    if (!(request.raw.socket instanceof net.Socket)) return done();
    if (!announcesBody(request) || request.headers['content-type']?.startsWith('multipart/')) return done();
    const bodyLimit = request.routeOptions.bodyLimit ?? options.defaultBodyLimit;
    const timeoutMs = Math.min(options.maxTimeoutMs, options.timeoutMs * Math.max(1, bodyLimit / options.defaultBodyLimit));
    const raw = request.raw;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      const socket = raw.socket;
      request.log.info({ timeoutMs }, 'request body too slow: connection closed');
      if (reply.raw.headersSent || !socket.writable) {
        socket.destroy();
        return;
      }
      // As Node answers its own request timeout: written on the socket, which then closes.
      const message = options.translator.forLanguage(request.language ?? DEFAULT_LANGUAGE)('errors.request_timeout');
      const body = JSON.stringify({ error: 'request_timeout', message });
      const head = `HTTP/1.1 ${errorStatus.request_timeout} Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
      socket.end(head + body, () => socket.destroy());
    }, timeoutMs);
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}

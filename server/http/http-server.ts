import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { EarlyAnswer } from './liveness-probe';

/** What Fastify's options (defaults filled in) say about its server. */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * Fastify's HTTP/1 server with `answerEarly` offered each request before the router (ADR 0089).
 * Fastify applies its timeouts to a server it makes itself, not to one a factory makes, so they
 * are applied here the same way: the `http` options (headers timeout, connection checks), the
 * keep-alive window, the request timeout, the idle socket timeout and requests per socket.
 */
export function serverAnsweringEarly(answerEarly: EarlyAnswer): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as unknown as ServerSettings;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!answerEarly(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLogController } from './access-log';
import { requestLoggerFactory } from './request-logger';

/** A Fastify app with the access log, writing its JSON lines into an array. */
async function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  // As the app builds it: the access log writes through the lazy request loggers.
  const app = Fastify({
    logger: { level, stream },
    logController: new AccessLogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: requestLoggerFactory,
  });
  app.get('/api/unsubscribe/:id', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('the database went away');
  });
  await app.ready();
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line a request, with its route and status and without the query string', async () => {
    const { app, lines } = await appWithLog('info');
    await app.inject({ url: '/api/unsubscribe/7?token=secret-token-42', headers: { 'x-request-id': 'req-1' } });
    const requestLines = lines.filter((line) => line.requestId);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      path: '/api/unsubscribe/7',
      route: '/api/unsubscribe/:id',
      statusCode: 200,
    });
    expect(typeof requestLines[0].responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token-42');
    await app.close();
  });

  it('logs a failed request as an error, and the incoming line only when debugging', async () => {
    const { app, lines } = await appWithLog('debug');
    await app.inject({ url: '/broken?key=outbox-key' });
    const messages = lines.filter((line) => line.requestId).map((line) => line.msg);
    expect(messages[0]).toBe('incoming request');
    expect(lines.find((line) => line.msg === 'incoming request')).toMatchObject({ method: 'GET', path: '/broken' });
    expect(lines.find((line) => line.level === 50)).toMatchObject({ path: '/broken', statusCode: 500, err: { message: 'the database went away' } });
    expect(JSON.stringify(lines)).not.toContain('outbox-key');
    await app.close();
  });

  it('at warn writes nothing for a request that went well, and still the error of one that failed', async () => {
    const { app, lines } = await appWithLog('warn');
    await app.inject({ url: '/api/unsubscribe/7' });
    expect(lines.filter((line) => line.requestId)).toEqual([]);
    await app.inject({ url: '/broken' });
    expect(lines.filter((line) => line.requestId)).toMatchObject([{ level: 50, path: '/broken', statusCode: 500, err: { message: 'the database went away' } }]);
    await app.close();
  });
});

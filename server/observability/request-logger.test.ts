import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RequestLogger, requestLoggerFactory } from './request-logger';

function capturedLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('RequestLogger', () => {
  it('makes no pino child while nothing it writes passes its level', () => {
    const { logger, lines } = capturedLogger('info');
    const child = vi.spyOn(logger, 'child');
    const log = new RequestLogger(logger, { requestId: 'r-1' }, { level: 'warn' });
    log.info({ path: '/healthz' }, 'request completed');
    log.debug('incoming request');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('error')).toBe(true);
    expect(log.isLevelEnabled('info')).toBe(false);
  });

  it('writes through one child bound to the request, at the level of the route', () => {
    const { logger, lines } = capturedLogger('info');
    const child = vi.spyOn(logger, 'child');
    const log = new RequestLogger(logger, { requestId: 'r-2' }, {});
    log.info({ path: '/api/settings.php' }, 'request completed');
    log.error(new Error('boom'), 'unhandled error');
    log.warn('twice');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.requestId, line.level, line.msg])).toEqual([
      ['r-2', 30, 'request completed'],
      ['r-2', 50, 'unhandled error'],
      ['r-2', 40, 'twice'],
    ]);
    expect(lines[0].path).toBe('/api/settings.php');
    expect((lines[1].err as { message: string }).message).toBe('boom');
  });

  it('follows a level changed on it, and its children keep the request id', () => {
    const { logger, lines } = capturedLogger('info');
    const log = new RequestLogger(logger, { requestId: 'r-3' }, {});
    log.level = 'error';
    log.warn('dropped');
    log.child({ job: 'digest' }).error('kept');
    expect(lines.map((line) => [line.requestId, line.job, line.msg])).toEqual([['r-3', 'digest', 'kept']]);
  });

  it('is what Fastify gives each request, and a server without logging keeps its silent one', async () => {
    const { logger, lines } = capturedLogger('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: requestLoggerFactory, disableRequestLogging: true });
    app.get('/quiet', { logLevel: 'warn' }, async (request) => {
      request.log.info('not written');
      return { logger: request.log instanceof RequestLogger };
    });
    app.get('/loud', async (request) => {
      request.log.info('written');
      return {};
    });
    expect((await app.inject('/quiet')).json()).toEqual({ logger: true });
    await app.inject({ url: '/loud', headers: { 'x-request-id': 'given' } });
    expect(lines.map((line) => line.msg)).toEqual(['written']);
    expect(lines[0].reqId).toBeDefined();

    const silent = Fastify({ logger: false, childLoggerFactory: requestLoggerFactory });
    silent.get('/', async (request) => ({ logger: request.log instanceof RequestLogger }));
    expect((await silent.inject('/')).json()).toEqual({ logger: false });
  });
});

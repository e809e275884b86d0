import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from './health.routes';

/** What a load balancer's health check sees while an instance runs, drains and loses its database. */
describe('/readyz', () => {
  it('turns unready as soon as shutdown starts, while /healthz stays up', async () => {
    let shuttingDown = false;
    let databaseUp = true;
    const app = Fastify();
    await app.register(healthRoutes, {
      isShuttingDown: () => shuttingDown,
      checkDatabase: async () => {
        if (!databaseUp) throw new Error('connection refused');
      },
    });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

    shuttingDown = true;
    const draining = await app.inject({ url: '/readyz' });
    expect([draining.statusCode, draining.json()]).toEqual([503, { status: 'shutting_down' }]);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    shuttingDown = false;
    databaseUp = false;
    const down = await app.inject({ url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'database_unavailable' }]);
    await app.close();
  });

  it('names Redis when it is configured and unreachable, and stays up on /healthz', async () => {
    let redisUp = false;
    const app = Fastify();
    await app.register(healthRoutes, {
      isShuttingDown: () => false,
      checkDatabase: async () => {},
      checkRedis: async () => {
        if (!redisUp) throw new Error('redis connection is reconnecting');
      },
    });
    const down = await app.inject({ url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'redis_unavailable' }]);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    redisUp = true;
    const up = await app.inject({ url: '/readyz' });
    expect([up.statusCode, up.json()]).toEqual([200, { status: 'ready' }]);
    await app.close();
  });
});

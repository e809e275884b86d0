import type { FastifyPluginAsync } from 'fastify';

/**
 * `/healthz`: the process is up. `/readyz`: it can serve, i.e. the database answers and the
 * server is not shutting down — load balancers stop sending traffic as soon as it fails.
 */
export const healthRoutes: FastifyPluginAsync<{ checkDatabase: () => Promise<void>; isShuttingDown: () => boolean }> = async (
  app,
  { checkDatabase, isShuttingDown },
) => {
  app.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
    if (isShuttingDown()) return reply.status(503).send({ status: 'shutting_down' });
    try {
      await checkDatabase();
      return { status: 'ready' };
    } catch (error) {
      reply.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'database_unavailable' });
    }
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { LIVENESS_BODY, LIVENESS_CONTENT_TYPE, LIVENESS_PATH } from '../liveness-probe';

export interface HealthRoutesOptions {
  checkDatabase: () => Promise<void>;
  /** With REDIS_URL only: rejects while Redis is unreachable. */
  checkRedis?: () => Promise<void>;
  isShuttingDown: () => boolean;
}

/**
 * `/healthz`: the process is up (liveness: never fails for a dependency, or the orchestrator
 * would restart instances that a restart cannot help). `/readyz`: it can serve, i.e. the
 * database answers, Redis does when configured, and the server is not shutting down — load
 * balancers stop sending traffic as soon as it fails. The body names what failed.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { checkDatabase, checkRedis, isShuttingDown }) => {
  // The exact `GET /healthz` is answered before the router (`livenessProbe`, ADR 0089); this
  // route answers the rest (HEAD, a query string, `inject`) with the same bytes.
  app.get(LIVENESS_PATH, { logLevel: 'warn', schema: { hide: true }, config: { startsWork: false } }, (_request, reply) => {
    reply.type(LIVENESS_CONTENT_TYPE).send(LIVENESS_BODY);
  });
  app.get('/readyz', { logLevel: 'warn', schema: { hide: true }, config: { startsWork: false } }, async (_request, reply) => {
    if (isShuttingDown()) return reply.status(503).send({ status: 'shutting_down' });
    try {
      await checkDatabase();
    } catch (error) {
      reply.log.error({ err: error }, 'readiness check failed: database');
      return reply.status(503).send({ status: 'database_unavailable' });
    }
    try {
      await checkRedis?.();
    } catch (error) {
      reply.log.warn({ err: error }, 'readiness check failed: redis');
      return reply.status(503).send({ status: 'redis_unavailable' });
    }
    return { status: 'ready' };
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * `POST /api/page-hidden.php` — the browser's beacon when a tab is hidden (spec §7). It only
 * ever answers 204: a beacon cannot read a response, and a failure must not cost the member
 * anything. Whoever tracks presence subscribes through `onPageHidden`.
 */
export const beaconRoutes: FastifyPluginAsyncZod<{ onPageHidden?: (request: FastifyRequest) => Promise<void> }> = async (
  app,
  { onPageHidden },
) => {
  // sendBeacon posts a Blob; browsers label it text/plain unless the page set a type.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(null, {});
    }
  });

  app.post(
    '/api/page-hidden.php',
    { schema: { tags: ['site'], body: z.looseObject({}).optional(), response: { 204: z.null() } }, bodyLimit: 1024 },
    async (request, reply) => {
      if (onPageHidden) await onPageHidden(request);
      return reply.status(204).send(null);
    },
  );
};

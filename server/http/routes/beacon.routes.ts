import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONSENT_COOKIE, parseConsent, VISITOR_COOKIE, VISITOR_ID_PATTERN } from '../../../contract/consent';
import { PageVisitBeacon } from '../../../contract/page-visits';
import type { PageVisitsService } from '../../domain/traffic/page-visits.service';

/** Page views one browser (address) may have stored per minute; beacons beyond that are dropped. */
const VISITS_PER_MINUTE = 60;

/**
 * `POST /api/page-hidden.php` — the browser's beacon when a tab is hidden (spec §7). It only
 * ever answers 204: a beacon cannot read a response, and a failure must not cost the member
 * anything. Whoever tracks presence subscribes through `onPageHidden`. A body naming a page
 * (`PageVisitBeacon`) is stored as a page visit (issue 18); the spec's empty body, a body that
 * does not validate, or one past the per-address limit is answered the same and stored nowhere.
 */
export const beaconRoutes: FastifyPluginAsyncZod<{ onPageHidden?: (request: FastifyRequest) => Promise<void>; pageVisits?: PageVisitsService }> = async (
  app,
  { onPageHidden, pageVisits },
) => {
  // sendBeacon posts a Blob; browsers label it text/plain unless the page set a type. Either
  // way a body that is not JSON is a beacon stored nowhere, not an error the browser never reads.
  app.removeContentTypeParser('application/json');
  for (const type of ['text/plain', 'application/json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      try {
        done(null, body ? JSON.parse(body as string) : {});
      } catch {
        done(null, {});
      }
    });
  }
  const visitLimit = app.createRateLimit({ max: VISITS_PER_MINUTE, timeWindow: 60_000 });

  /** Stores the visit the beacon describes, when it describes one and the address is within its limit. */
  async function recordVisit(request: FastifyRequest) {
    const beacon = PageVisitBeacon.safeParse(request.body);
    if (!pageVisits || !beacon.success || !request.site) return;
    const limit = await visitLimit(request);
    if (!limit.isAllowed && limit.isExceeded) return;
    const consent = parseConsent(request.cookies[CONSENT_COOKIE]);
    const visitorId = request.cookies[VISITOR_COOKIE] ?? null;
    await pageVisits.record(
      {
        siteId: request.site.id,
        memberId: await request.findMemberId(),
        hasStatisticsConsent: consent?.statistics ?? false,
        visitorId: visitorId && VISITOR_ID_PATTERN.test(visitorId) ? visitorId : null,
      },
      beacon.data,
    );
  }

  app.post(
    '/api/page-hidden.php',
    { schema: { tags: ['site'], body: z.unknown().optional(), response: { 204: z.null() } }, bodyLimit: 1024 },
    async (request, reply) => {
      if (onPageHidden) await onPageHidden(request);
      await recordVisit(request).catch((error: unknown) => request.log.warn({ err: error }, 'page visit not stored'));
      return reply.status(204).send(null);
    },
  );
};

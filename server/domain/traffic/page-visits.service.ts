import { normalisePagePath, type PageVisitBeacon } from '../../../contract/page-visits';
import type { PageVisitsRepository } from '../../db/repositories/page-visits.repository';
import type { Clock } from '../shared/clock';

/** Who sent a beacon, as far as the visitor's consent lets us know. */
export interface VisitIdentity {
  siteId: number;
  /** The signed-in member: a sign-up or a member never bounces. */
  memberId: number | null;
  /** The visitor gave statistics consent: only then is the member or the visitor id kept. */
  hasStatisticsConsent: boolean;
  /** The random id of the statistics cookie, when there is one. */
  visitorId: string | null;
}

/**
 * Stores one page view from the page-hidden beacon (spec §7, §4 `lb`; issue 18). Without
 * statistics consent the row is anonymous (the page, its time, its bounce): no member and no
 * visitor id. Beacons whose path is not a member-facing page are dropped.
 */
export function createPageVisitsService(deps: { pageVisits: PageVisitsRepository; clock: Clock }) {
  return {
    /** Records the visit; false when the beacon names no page that is counted. */
    async record(identity: VisitIdentity, beacon: PageVisitBeacon): Promise<boolean> {
      const path = normalisePagePath(beacon.path);
      if (!path) return false;
      const identified = identity.hasStatisticsConsent;
      await deps.pageVisits.insert({
        siteId: identity.siteId,
        path,
        userId: identified ? identity.memberId : null,
        visitorId: identified && !identity.memberId ? identity.visitorId : null,
        bounceLogging: beacon.lb,
        // Signed in means signed up or a member already: that is not leaving from the landing page.
        bounced: beacon.lb && beacon.bounced && !identity.memberId,
        msOnPage: beacon.ms,
        createdAt: deps.clock.now(),
      });
      return true;
    },
  };
}

export type PageVisitsService = ReturnType<typeof createPageVisitsService>;

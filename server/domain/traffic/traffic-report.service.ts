import { TRAFFIC_DEFAULT_DAYS, type TrafficQuery, type TrafficReport } from '../../../contract/admin/traffic';
import type { PageVisitsRepository } from '../../db/repositories/page-visits.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { allowedSites, assertSiteAllowed, type SiteScope } from '../staff/site-scope';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The operators' view of traffic (issue 18): for one site and a period of whole UTC days
 * (default the last 7, today included), sign-ups per tracking network and ref, and per landing
 * page (opened with `?lb`) its visits, bounces, bounce rate and median time on page.
 *
 * Staff limited to chosen sites (ADR 0060) pick among those only, start on the first of them, and
 * another site answers as an unknown one (404): the report names its site, so empty figures for
 * it would tell that the site exists.
 */
export function createTrafficReportService(deps: { pageVisits: PageVisitsRepository; sites: Pick<SitesRepository, 'findById' | 'names'>; clock: Clock }) {
  return {
    async report(query: TrafficQuery, scope: SiteScope): Promise<TrafficReport> {
      const sites = allowedSites(scope, await deps.sites.names());
      const siteId = query.site_id ?? sites[0]?.id;
      if (siteId !== undefined) assertSiteAllowed(scope, siteId);
      const site = siteId === undefined ? null : await deps.sites.findById(siteId);
      if (!site) throw new AppError('not_found');
      const today = isoDay(deps.clock.now());
      const to = query.to ?? today;
      const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (TRAFFIC_DEFAULT_DAYS - 1) * DAY));
      const start = new Date(`${from}T00:00:00Z`);
      const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY);
      const [signups, pages] = await Promise.all([deps.pageVisits.signupSources(site.id, start, end), deps.pageVisits.landingPages(site.id, start, end)]);
      return {
        site: { id: site.id, name: site.name },
        sites,
        from,
        to,
        signups,
        signups_total: signups.reduce((total, row) => total + row.count, 0),
        landing_pages: pages.map((page) => ({
          path: page.path,
          visits: page.visits,
          bounces: page.bounces,
          bounce_rate: page.visits ? page.bounces / page.visits : 0,
          median_ms: page.medianMs,
        })),
      };
    },
  };
}

export type TrafficReportService = ReturnType<typeof createTrafficReportService>;

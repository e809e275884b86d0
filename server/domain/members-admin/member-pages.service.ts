import type { MemberDetail, MemberListQuery } from '../../../contract/admin/members';
import type { Executor } from '../../db/client';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { createMemberAdminRepository } from '../../db/repositories/member-admin.repository';
import { createOrdersRepository } from '../../db/repositories/orders.repository';
import { AppError } from '../shared/app-error';
import { allowedSites, assertSiteAllowed, narrowScope, type SiteScope } from '../staff/site-scope';
import type { Clock } from '../shared/clock';
import { presentMemberDetail } from './member-detail-presenter';
import { searchTermOf } from './member-search';

/** The member page as the console shows it; every action answers with it, fresh. A member of a site outside `scope` is not found. */
export type GetMemberDetail = (memberId: number, scope: SiteScope) => Promise<MemberDetail>;

/** What the console reads about members without changing anything: the search and the member page. */
export function createMemberPages(deps: { db: Executor; clock: Clock; hashIp: (typed: string) => string | null }) {
  const { db, clock, hashIp } = deps;
  const reader = createMemberAdminRepository(db);

  async function detail(memberId: number, scope: SiteScope): Promise<MemberDetail> {
    const found = await reader.findMember(memberId);
    if (!found) throw new AppError('not_found');
    assertSiteAllowed(scope, found.user.siteId);
    const orders = createOrdersRepository(db);
    const [photoRows, conversationRows, orderRows, ledgerRows, mandateRows, sessionRows, steps] = await Promise.all([
      reader.photos(memberId),
      reader.conversations(memberId),
      orders.listForMember(memberId, 100),
      orders.ledgerForMember(memberId, { limit: 100 }),
      reader.mandates(memberId),
      reader.sessions(memberId),
      createCreditsRepository(db).listSteps(memberId),
    ]);
    return presentMemberDetail({ ...found, photoRows, conversationRows, orderRows, ledgerRows, mandateRows, sessionRows, steps }, memberId, clock.now());
  }

  return {
    /** One page of the search; `limit` is one more than the page shows, to tell whether there is a next one. */
    search(query: MemberListQuery, window: { offset: number; limit: number }, scope: SiteScope) {
      const sites = narrowScope(scope, query.site_id);
      return reader.search({ term: searchTermOf(query.q, hashIp), sites, status: query.status, sort: query.sort, dir: query.dir, ...window });
    },

    detail,

    /** The sites to filter by: only those the staff member may see. */
    siteOptions: async (scope: SiteScope) => allowedSites(scope, await reader.siteOptions()),
  };
}

import { pageWindow } from '../../contract/admin/list';
import { MemberListQuery } from '../../contract/admin/members';
import type { Database } from '../../server/db/client';
import { createAuditService } from '../../server/domain/audit/audit.service';
import { createMembersAdminService } from '../../server/domain/members-admin/members-admin.service';
import { systemClock } from '../../server/domain/shared/clock';
import type { TransactionsService } from '../../server/domain/payments/transactions.service';
import type { AdminRequest } from '../admin.bench';

/**
 * The member searches of the console bench: what staff type into the one search box (an id, an
 * address or its beginning, a name's beginning), with and without the site and status filters,
 * and a deep page. The bench's members are `bench<n>@search-bench.example`, named from a short
 * list (so a name prefix matches tens of thousands: the "many matches" plan).
 */
export function adminMemberRequests(db: Database, options: { siteId: number }): AdminRequest[] {
  // Only the search is called: the actions' collaborators are never reached.
  const membersAdmin = createMembersAdminService({
    db,
    audit: createAuditService({ db, clock: systemClock }),
    clock: systemClock,
    transactions: {} as TransactionsService,
    findSite: async () => null,
    sendReactivation: async () => {},
  });
  const search = (query: Record<string, string>): AdminRequest => ({
    label: `members ${new URLSearchParams(query).toString() || '(newest id first)'}`,
    path: `/api/admin/members?${new URLSearchParams(query)}`,
    // As the route: the page and the site filter's options together.
    direct: () => {
      const parsed = MemberListQuery.parse(query);
      return Promise.all([membersAdmin.search(parsed, pageWindow(parsed), null), membersAdmin.siteOptions(null)]);
    },
  });
  return [
    search({}),
    search({ q: '424242' }),
    search({ q: 'bench777123@search-bench.example' }),
    search({ q: 'bench77712' }),
    search({ q: 'bench9@' }),
    search({ q: 'Soph' }),
    search({ q: 'Mikko', site_id: String(options.siteId), status: 'active' }),
    search({ status: 'active', sort: 'created_at', dir: 'desc' }),
    search({ site_id: String(options.siteId), page: '40', page_size: '100' }),
  ];
}

import { sql } from 'drizzle-orm';
import { auditLog, creditBundles, discountCodes, orders, partnerCards, photos, reports, users } from '../schema/index';

/** The row's target id as a number, or null when it is not one (no cast is tried on other text). */
const targetNumber = sql`(case when ${auditLog.targetId} ~ '^[0-9]{1,9}$' then ${auditLog.targetId}::int end)`;

/**
 * The site an audit row is about, found from its target (ADR 0060): a site itself, a member or
 * profile (their sign-up site), a photo (its member's), a report or order (where it was filed or
 * placed), a credit bundle, a partner card, a discount code (its site, else its member's). Null
 * for every other target (staff accounts, jobs, safety lists, conversations, settings of all
 * sites) and for an all-sites card or code: such rows belong to no one site.
 */
export const auditRowSite = sql`(case ${auditLog.targetType}
  when 'site' then ${targetNumber}
  when 'member' then (select ${users.siteId} from ${users} where ${users.id} = ${targetNumber})
  when 'profile' then (select ${users.siteId} from ${users} where ${users.id} = ${targetNumber})
  when 'photo' then (select ${users.siteId} from ${photos} join ${users} on ${users.id} = ${photos.userId} where ${photos.id} = ${targetNumber})
  when 'report' then (select ${reports.siteId} from ${reports} where ${reports.id} = ${targetNumber})
  when 'order' then (select ${orders.siteId} from ${orders} where ${orders.id} = ${targetNumber})
  when 'credit_bundle' then (select ${creditBundles.siteId} from ${creditBundles} where ${creditBundles.id} = ${targetNumber})
  when 'partner_card' then (select ${partnerCards.siteId} from ${partnerCards} where ${partnerCards.id} = ${targetNumber})
  when 'discount_code' then (select coalesce(${discountCodes.siteId}, ${users.siteId}) from ${discountCodes} left join ${users} on ${users.id} = ${discountCodes.userId} where ${discountCodes.id} = ${targetNumber})
end)`;

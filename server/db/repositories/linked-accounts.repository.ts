import { sql } from 'drizzle-orm';
import type { SharedTrait } from '../../../contract/admin/member-links';
import type { Executor } from '../client';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';
import { accountTraces, profiles, sepaMandates, sites, users } from '../schema/index';

export interface LinkedAccountRow {
  id: number;
  name: string;
  email: string;
  siteName: string;
  banned: boolean;
  shared: SharedTrait[];
}

/**
 * Other accounts that share something with a member (issue 32), each with what it shares, those
 * sharing most first. Every branch starts from the member's own few rows and looks the others
 * up by an index (`account_traces_value_idx`, `sepa_mandates_iban_idx`, `sepa_mandates_mobile_idx`),
 * so a busy address costs the rows it links, never a scan; `limit` caps what a shared hotspot
 * address could bring.
 */
export async function findLinkedAccounts(db: Executor, memberId: number, limit: number, allowedSites: SiteIdFilter = null): Promise<LinkedAccountRow[]> {
  const onSites = siteCondition(users.siteId, allowedSites);
  const links = sql`
    select other.user_id as user_id, own.kind as shared
      from ${accountTraces} own
      join ${accountTraces} other on other.kind = own.kind and other.value_hash = own.value_hash
     where own.user_id = ${memberId} and other.user_id <> ${memberId}
    union all
    select other.user_id, 'iban' from ${sepaMandates} own join ${sepaMandates} other on other.iban = own.iban
     where own.user_id = ${memberId} and other.user_id <> ${memberId}
    union all
    select other.user_id, 'phone' from ${sepaMandates} own join ${sepaMandates} other on other.mobile = own.mobile
     where own.user_id = ${memberId} and other.user_id <> ${memberId}`;
  const result = await db.execute(sql`
    select l.user_id as id, ${profiles.name} as name, ${users.email} as email, ${sites.name} as site_name,
           (${users.bannedAt} is not null) as banned, l.shared
      from (select user_id, string_agg(distinct shared, ',' order by shared) as shared, count(distinct shared) as n
              from (${links}) found group by user_id) l
      join ${users} on ${users.id} = l.user_id
      join ${profiles} on ${profiles.id} = l.user_id
      join ${sites} on ${sites.id} = ${users.siteId}
     ${onSites ? sql`where ${onSites}` : sql``}
     order by l.n desc, l.user_id desc
     limit ${limit}`);
  const rows = (result as unknown as { rows: { id: number; name: string; email: string; site_name: string; banned: boolean; shared: string }[] }).rows;
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    email: row.email,
    siteName: row.site_name,
    banned: row.banned,
    shared: row.shared.split(',') as SharedTrait[],
  }));
}

import { PAYMENT_METHODS } from '../../contract/payment-methods';
import { ORDER_STATUSES } from '../../contract/payments';
import { createStaffRepository } from '../../server/db/repositories/staff.repository';
import type { Database } from '../../server/db/client';
import { createToken } from '../../server/domain/accounts/session-tokens';
import { arrayLiteral, type Exec } from './search-data';

/** A share of each order status, roughly as a live site sees them: most orders are paid. */
const STATUS_SHARES: Record<(typeof ORDER_STATUSES)[number], number> = { paid: 0.72, open: 0.06, pending: 0.04, failed: 0.08, cancelled: 0.06, expired: 0.04 };
const CURRENCIES = ['EUR', 'EUR', 'EUR', 'EUR', 'PLN', 'CHF', 'GBP', 'SEK'];

/**
 * `count` orders of `members` members over the last year, in one statement: statuses by share,
 * a method from the full list, amounts of the usual bundles, credited when paid. Loaded with the
 * table's indexes in place, as a live database has them.
 */
export async function loadOrders(exec: Exec, options: { siteIds: number[]; members: number; count: number }) {
  const statusCuts: string[] = [];
  let cumulative = 0;
  for (const [status, share] of Object.entries(STATUS_SHARES)) {
    cumulative += share;
    statusCuts.push(`when r_status < ${cumulative.toFixed(4)} then '${status}'`);
  }
  await exec(
    `insert into orders (user_id, site_id, credits, amount, list_amount, currency, country, payment_method, provider, provider_payment_id, status, client_id, credited_at, created_at, updated_at)
     select d.user_id, ($1::text::int[])[1 + (d.user_id % cardinality($1::text::int[]))], d.credits, d.amount, d.amount,
            ($2::text::text[])[1 + floor(r_currency * cardinality($2::text::text[]))::int], 'NL',
            ($3::text::text[])[1 + floor(r_method * cardinality($3::text::text[]))::int], 'demo', 'bench_' || d.g, d.status,
            'bench-' || d.g, case when d.status = 'paid' then d.created_at + interval '40 seconds' end, d.created_at, d.created_at
     from (select g, 1 + floor(random() * $4::int)::int as user_id, random() as r_currency, random() as r_method,
                  (array[100, 250, 500, 1000])[1 + floor(random() * 4)::int] as credits,
                  (array[995, 1995, 3495, 5995])[1 + floor(random() * 4)::int] as amount,
                  case ${statusCuts.join(' ')} else 'paid' end as status,
                  now() - random() * interval '365 days' as created_at
           from (select g, random() as r_status from generate_series(1, $5::int) g offset 0) s) d`,
    [arrayLiteral(options.siteIds), arrayLiteral(CURRENCIES), arrayLiteral([...PAYMENT_METHODS]), options.members, options.count],
  );
  await exec('vacuum (analyze) orders');
}

/** A verified console session for an admin, made in the database: the cookie the bench sends. */
export async function benchStaffCookie(db: Database): Promise<string> {
  const staff = createStaffRepository(db);
  const now = new Date();
  const member = await staff.insert({
    email: `bench-admin.${Date.now()}@ops.example`,
    name: 'Bench admin',
    role: 'admin',
    status: 'active',
    passwordHash: 'not-used',
    totpConfirmedAt: now,
    createdAt: now,
  });
  const { token, hash } = createToken();
  await staff.insertSession({ tokenHash: hash, staffId: member.id, createdAt: now, verifiedAt: now, expiresAt: new Date(now.getTime() + 6 * 3_600_000) });
  return `rdv_staff=${token}`;
}

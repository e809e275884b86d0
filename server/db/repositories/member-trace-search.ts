import { sql, type SQL } from 'drizzle-orm';
import { accountTraces, orders, sepaMandates, users } from '../schema/index';

/**
 * The member-search terms that name one thing an account left behind (issue 32): an e-mail
 * domain, a sign-up or log-in IP (as its keyed hash), an IBAN, a mobile number from a mandate,
 * or a payment provider's id for an order. Each is an exact match on its own index.
 */
export type TraceSearchTerm =
  | { kind: 'email_domain'; domain: string }
  | { kind: 'ip'; ipHash: string }
  | { kind: 'iban'; iban: string }
  | { kind: 'phone'; mobile: string }
  | { kind: 'payment'; paymentId: string };

/** An e-mail domain on a users row, as `users_email_domain_idx` has it. */
export const emailDomainOf = (domain: string): SQL => sql`lower(split_part(${users.email}, '@', 2)) = ${domain.toLowerCase()}`;

/** The ids of the members a trace term finds; few by nature (an address, an account, a payment), so fetched whole. */
export function tracedIdsOf(term: Exclude<TraceSearchTerm, { kind: 'email_domain' }>): SQL {
  switch (term.kind) {
    case 'ip':
      return sql`select ${accountTraces.userId} from ${accountTraces} where ${accountTraces.kind} = 'ip' and ${accountTraces.valueHash} = ${term.ipHash}`;
    case 'iban':
      return sql`select ${sepaMandates.userId} from ${sepaMandates} where ${sepaMandates.iban} = ${term.iban}`;
    case 'phone':
      return sql`select ${sepaMandates.userId} from ${sepaMandates} where ${sepaMandates.mobile} = ${term.mobile}`;
    case 'payment':
      return sql`select ${orders.userId} from ${orders} where ${orders.providerPaymentId} = ${term.paymentId}`;
  }
}

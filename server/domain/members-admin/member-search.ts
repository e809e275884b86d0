import { MAX_INTEGER_ID } from '../../../contract/inputs';
import type { MemberSearchTerm } from '../../db/repositories/member-admin.repository';
import { normalizeMobile, normalizeSepaIban } from '../payments/sepa-fields';

/**
 * A payment provider's id for an order, by the prefixes the providers give them (Mollie's `tr_`
 * and `ord_`, the demo provider's `demo_`); names may hold `_` too, so only these count.
 */
const PAYMENT_ID = /^(tr|ord|demo)_[\w-]{6,}$/;
/** An e-mail domain typed with its `@` (`@example.com`): at least one dot, no second `@`. */
const EMAIL_DOMAIN = /^@([^@\s]+\.[^@\s]+)$/;

/**
 * What staff typed into the member search, read as the one thing it can be, by its shape:
 * - digits (or `#12`): an id; a number starting with `+` or `0` is a phone number instead (no
 *   id starts with 0), matched against the mobile numbers of direct-debit mandates;
 * - `@example.com`: everyone with an address at that domain; anything else with `@`: an e-mail
 *   address or its beginning;
 * - an IP address (v4 or v6): who signed up or logged in from it, by its keyed hash;
 * - a valid IBAN (spaces allowed): whose mandates name it;
 * - `tr_…`, `demo_…`: the member who paid with that provider payment;
 * - anything else: the beginning of a name or of an address.
 * Each has its own index, so the search never scans the table.
 */
export function searchTermOf(q: string | undefined, hashIp: (typed: string) => string | null): MemberSearchTerm | undefined {
  const original = q?.trim();
  const typed = original?.toLowerCase();
  if (!original || !typed) return undefined;
  const mobile = /^[+0]/.test(typed) ? normalizeMobile(typed) : null;
  if (mobile) return { kind: 'phone', mobile };
  const id = /^#?(\d{1,12})$/.exec(typed);
  if (id) {
    const value = Number(id[1]);
    // An id past the column's range belongs to nobody: 0 finds no one.
    return { kind: 'id', id: value <= MAX_INTEGER_ID ? value : 0 };
  }
  const domain = EMAIL_DOMAIN.exec(typed);
  if (domain) return { kind: 'email_domain', domain: domain[1] };
  if (typed.includes('@')) return { kind: 'email', prefix: typed };
  const ipHash = hashIp(typed);
  if (ipHash) return { kind: 'ip', ipHash };
  const iban = normalizeSepaIban(original);
  if (iban) return { kind: 'iban', iban };
  if (PAYMENT_ID.test(original)) return { kind: 'payment', paymentId: original };
  return { kind: 'name_or_email', prefix: typed };
}

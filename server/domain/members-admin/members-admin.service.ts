import type { Executor } from '../../db/client';
import type { SiteRow, UserRow } from '../../db/schema/index';
import type { SessionEvents } from '../accounts/sessions.service';
import type { AuditService } from '../audit/audit.service';
import type { MoneyNotices } from '../payments/money-notices';
import type { PaymentEvents } from '../payments/orders.service';
import type { TransactionsService } from '../payments/transactions.service';
import type { Clock } from '../shared/clock';
import { createMemberAccountActions } from './member-account-actions.service';
import { createMemberConversations } from './member-conversations.service';
import { createMemberExport } from './member-export.service';
import { createMemberLinks } from './member-links.service';
import { createMemberGoodwill } from './member-goodwill.service';
import { createMemberMoneyActions } from './member-money-actions.service';
import { createMemberNotes } from './member-notes.service';
import { createMemberPages } from './member-pages.service';
import { createMemberRestrictions } from './member-restrictions.service';

export { MESSAGES_PAGE_SIZE } from './member-conversations.service';

/**
 * The console's members (issue 16): the search, the member page, and what staff may do to an
 * account. Every action locks the member's row, writes, and records its audit row in one
 * transaction (`locked-member.ts`), so two staff acting on one member take turns and nothing
 * changes unrecorded; what must reach other instances (ended sessions, a new balance) goes out
 * after the commit. Where an action is one the member can take too (deleting the account,
 * confirming the address, ending sessions), it applies the member's own rule
 * (`accounts/account-rules.ts`) inside that transaction.
 *
 * Each part lives in its own file: the reads (`member-pages`), the linked accounts, reading conversations, the
 * account actions, the restrictions (hide, suspend), the money actions (goodwill credits among them), the notes and the export; every action answers with the page.
 */
export function createMembersAdminService(deps: {
  db: Executor;
  audit: AuditService;
  clock: Clock;
  transactions: TransactionsService;
  sessionEvents?: SessionEvents;
  paymentEvents?: PaymentEvents;
  /** Mails the member about goodwill credits (issue 33). */
  moneyNotices?: MoneyNotices;
  /** The member's site, for the mail a deletion sends. */
  findSite: (siteId: number) => Promise<SiteRow | null>;
  /** Mails the 14-day restore link, as a member's own deletion does. */
  sendReactivation: (site: SiteRow, user: UserRow) => Promise<void>;
  /** Replies held until the address was confirmed reach the member now. */
  onConfirmed?: (userId: number) => Promise<void>;
  /**
   * The keyed hash sign-ins are recorded by (`accounts/account-traces.ts`), for the search by
   * IP; null for what is not an IP. Without it an IP is searched as a name.
   */
  hashIp?: (typed: string) => string | null;
}) {
  const { db, audit, clock } = deps;
  const pages = createMemberPages({ db, clock, hashIp: deps.hashIp ?? (() => null) });
  const { detail } = pages;

  return {
    ...pages,
    ...createMemberConversations({ db, audit }),
    ...createMemberLinks({ db }),
    ...createMemberAccountActions({
      db,
      audit,
      clock,
      detail,
      sessionEvents: deps.sessionEvents,
      findSite: deps.findSite,
      sendReactivation: deps.sendReactivation,
      onConfirmed: deps.onConfirmed,
    }),
    ...createMemberRestrictions({ db, audit, clock, detail, sessionEvents: deps.sessionEvents }),
    ...createMemberMoneyActions({ db, audit, clock, detail, transactions: deps.transactions, paymentEvents: deps.paymentEvents }),
    ...createMemberExport({ db, audit, clock, detail }),
    ...createMemberGoodwill({ db, audit, clock, detail, paymentEvents: deps.paymentEvents, notices: deps.moneyNotices }),
    ...createMemberNotes({ db, audit, clock }),
  };
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>;

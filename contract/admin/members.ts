import { z } from 'zod';
import { MessageIdParam, named, RecordIdParam, text } from '../inputs';
import { listPage, listQuery } from './list';

/** How the console shows a member's state: a ban overrides the account's own status. */
export const MEMBER_STATUSES = ['active', 'not_confirmed', 'deleted', 'banned'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_SORTS = ['id', 'created_at'] as const;

/**
 * `GET /api/admin/members`: `q` is an id (digits, `#12`), an e-mail address or its beginning
 * (anything with `@`), an e-mail domain (`@example.com`), a sign-up or log-in IP address, an
 * IBAN or mobile number from a mandate, a provider payment id (`tr_…`, `demo_…`), or the
 * beginning of a name or an address (issue 32: read by its shape, `members-admin/member-search.ts`);
 * `site_id` and `status` narrow it. Paged and sorted on the server like every console list.
 */
export const MemberListQuery = listQuery(MEMBER_SORTS, 'id').extend({
  q: text({ trim: true }).max(254).optional(),
  site_id: RecordIdParam.optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;

export const MemberListItem = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(MEMBER_STATUSES),
  credits: z.number().int(),
  paid_user: z.boolean(),
  fictional: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string(),
});
export type MemberListItem = z.infer<typeof MemberListItem>;
/** With the sites to filter by (a handful of brands, by name). */
export const MemberListPage = listPage(MemberListItem).extend({ sites: z.array(z.object({ id: z.number().int(), name: z.string() })) });

export const MemberIdParams = z.object({ id: RecordIdParam });
export const MemberOrderParams = z.object({ id: RecordIdParam, orderId: RecordIdParam });
export const MemberConversationParams = z.object({ id: RecordIdParam, conversationId: RecordIdParam });
export const ConversationMessagesQuery = z.object({ before: MessageIdParam.optional() });

const money = z.object({ amount: z.number().int(), currency: z.string() });

export const MemberDetail = z.object({
  member: MemberListItem.extend({
    language: z.string(),
    direct_debit_blocked: z.boolean(),
    invisible: z.boolean(),
    banned_at: z.string().nullable(),
    ban_reason: z.string().nullable(),
    /** Hidden from everyone else by a moderator (issue 32), with why. */
    hidden_at: z.string().nullable(),
    hide_reason: z.string().nullable(),
    /** Suspended until then (only while it lasts), with why. */
    suspended_until: z.string().nullable(),
    suspension_reason: z.string().nullable(),
    deleted_at: z.string().nullable(),
    paid_at: z.string().nullable(),
  }),
  profile: z.object({
    gender: z.string(),
    seeking: z.string(),
    date_of_birth: z.string(),
    country: z.string(),
    region: z.string().nullable(),
    city: z.string().nullable(),
    about: z.string(),
    status: z.string(),
    /** Stored under 18 before the age rule (ADR 0057): never shown to other members, whatever else holds. */
    under_age: z.boolean(),
  }),
  photos: z.array(z.object({ id: z.number().int(), thumb_url: z.string(), status: z.string(), created_at: z.string() })),
  conversations: z.array(
    z.object({
      id: z.number().int(),
      partner_id: z.number().int(),
      partner_name: z.string(),
      partner_fictional: z.boolean(),
      message_count: z.number().int(),
      started_by_member: z.boolean(),
      last_message_at: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      credits: z.number().int(),
      price: money,
      payment_method: z.string(),
      provider: z.string(),
      status: z.string(),
      refund: z.object({ credits: z.number().int(), price: money, created_at: z.string() }).nullable(),
      /** What a refund from the console would give back now: the order's unused bought credits (ADR 0020). */
      refundable_credits: z.number().int(),
      refundable_price: money,
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      delta: z.number().int(),
      balance_after: z.number().int(),
      reason: z.string(),
      reference: z.string().nullable(),
    }),
  ),
  mandates: z.array(
    z.object({
      id: z.number().int(),
      order_id: z.number().int(),
      account_holder: z.string(),
      iban_last4: z.string(),
      confirmed_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  sessions: z.array(z.object({ created_at: z.string(), expires_at: z.string(), user_agent: z.string().nullable() })),
  /** The member's recent log-ins as the audit-free record has them: when each live session began. */
  last_active_at: z.string(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

export const ConversationMessages = z.object({
  conversation_id: z.number().int(),
  messages: z.array(
    z.object({
      id: z.number().int(),
      from_member: z.boolean(),
      kind: z.string(),
      text: z.string(),
      gift_id: z.string().nullable(),
      credits_spent: z.number().int(),
      at: z.string(),
    }),
  ),
  next_before: z.number().int().nullable(),
});

/** Why staff did it: written to the audit log (and, for a ban, kept on the account). */
const reason = text({ trim: true }).min(3).max(500);

export const BanInput = z.object({ reason });
export const ReasonInput = z.object({ reason });
export const CreditCorrectionInput = z.object({
  /** Credits to add (positive) or take (negative); never zero, never below a zero balance. */
  delta: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((value) => value !== 0, named('not_zero', 'must not be 0')),
  reason,
  /**
   * The console's key for this correction: a retried request with the same key books it once.
   * A fresh one per dialog.
   */
  idempotency_key: text()
    .min(8)
    .max(80)
    .regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
});
/** Without `credits`, every unused bought credit of the order; with it, that many (issue 33), at the order's price pro rata. */
export const RefundInput = z.object({ reason, credits: z.number().int().min(1).max(1_000_000).optional() });
/** Goodwill credits (issue 33): free credits with a reason, within the giver's limits. */
export const GoodwillInput = z.object({
  credits: z.number().int().min(1).max(1_000_000),
  reason,
  /** A fresh key per dialog: a retried request gives the credits once. */
  idempotency_key: text()
    .min(8)
    .max(80)
    .regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
});

/** The longest suspension; anything longer is a ban. */
export const MAX_SUSPENSION_DAYS = 365;
/**
 * A suspension (issue 32): for a number of days from now (the console offers 1, 7 and 30), or
 * until a chosen moment; one of the two.
 */
export const SuspendInput = z
  .object({
    reason,
    days: z.number().int().min(1).max(MAX_SUSPENSION_DAYS).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((input) => (input.days === undefined) !== (input.until === undefined), {
    message: 'give days or until, one of the two',
    path: ['days'],
  });
export type SuspendInput = z.infer<typeof SuspendInput>;

/** What an action answers: the member page as it is now. */
export const MemberActionResponse = MemberDetail;

export const RefundResponse = MemberDetail.extend({ refunded: z.object({ order_id: z.number().int(), credits: z.number().int(), price: money }) });

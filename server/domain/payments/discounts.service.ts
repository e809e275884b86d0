import crypto from 'node:crypto';
import type { DiscountCode } from '../../../contract/payments';
import type { DiscountCodesRepository } from '../../db/repositories/discount-codes.repository';
import type { DiscountCodeRow, SiteRow, UserRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/** Spec §9: the time bonus lasts 4 hours from sign-up. */
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_CODE = 'TIMEBONUS25';

/** The time bonus is one shared code, but each member's runs out 4 hours after they signed up. */
const timeBonusEnds = (member: Pick<UserRow, 'createdAt'>) => new Date(member.createdAt.getTime() + TIME_BONUS_SECONDS * 1000);

/** What a code is checked against; absent parts are not checked yet (e.g. before a method is chosen). */
export interface DiscountContext {
  site: SiteRow;
  member: Pick<UserRow, 'id' | 'paidUser' | 'createdAt'>;
  country: string;
  paymentMethod?: string;
  /** The order's price before the discount. */
  price?: { amount: number; currency: string };
}

/**
 * The code as the client keeps it. The time bonus is one shared code whose end is each member's
 * own (4 hours after they signed up), so for a member it carries that end as `expires`.
 */
export function presentDiscountCode(row: DiscountCodeRow, now: Date, member?: Pick<UserRow, 'createdAt'>): DiscountCode {
  const expiresAt = row.kind === 'time_bonus' && member ? timeBonusEnds(member) : row.expiresAt;
  return {
    code: row.code,
    country: row.country,
    user_id: row.userId,
    expires: expiresAt?.toISOString() ?? null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    status: row.status,
    validity: row.validity,
    expired: !!expiresAt && expiresAt <= now,
    paymentmethods: row.paymentMethods,
    kind: row.kind,
  };
}

/** A member's price after a percentage off, rounded to the nearest minor unit. */
export const applyPercentage = (amount: number, percentage: number) => amount - Math.round((amount * percentage) / 100);

/**
 * Discount codes (spec §3, §5, §9): standard codes an operator hands out, each member's welcome
 * code for the first purchase, the 4-hour time bonus, and the code offered instead of deleting.
 */
export function createDiscountsService(deps: { codes: DiscountCodesRepository; clock: Clock }) {
  const { codes, clock } = deps;

  /** Why a found code cannot be used here, or null when it can. */
  async function problemWith(row: DiscountCodeRow, context: DiscountContext) {
    const now = clock.now();
    const { member, site } = context;
    if (row.status !== 'active' || (row.siteId !== null && row.siteId !== site.id) || (row.userId !== null && row.userId !== member.id))
      return 'discount_code_not_found' as const;
    if (row.kind === 'time_bonus' && (member.paidUser || timeBonusEnds(member) <= now)) return 'discount_code_expired' as const;
    if (row.kind === 'welcome' && member.paidUser) return 'discount_code_expired' as const;
    if (row.expiresAt && row.expiresAt <= now) return 'discount_code_expired' as const;
    if (row.validity === 'once-per-user' && (await codes.timesUsed(row.id, member.id)) > 0) return 'discount_code_used' as const;
    if (row.validity === 'once' && (await codes.timesUsed(row.id)) > 0) return 'discount_code_used' as const;
    if (row.country && row.country !== context.country) return 'discount_code_country' as const;
    if (row.currency && context.price && row.currency !== context.price.currency) return 'discount_code_country' as const;
    if (row.paymentMethods.length && context.paymentMethod && !row.paymentMethods.includes(context.paymentMethod))
      return 'discount_code_payment_method' as const;
    if (context.price && context.price.amount < row.minimumOrderValue) return 'discount_code_minimum' as const;
    return null;
  }

  async function welcomeCode(context: DiscountContext): Promise<DiscountCodeRow | null> {
    const { site, member } = context;
    if (member.paidUser || site.welcomeDiscountHours <= 0) return null;
    const existing = await codes.findMemberCode(member.id, 'welcome');
    if (existing) return existing;
    const expiresAt = new Date(member.createdAt.getTime() + site.welcomeDiscountHours * 3_600_000);
    if (expiresAt <= clock.now()) return null;
    return codes.insert({
      code: `WELCOME-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
      siteId: site.id,
      userId: member.id,
      kind: 'welcome',
      valuePercentage: site.welcomeDiscountPercentage,
      validity: 'once-per-user',
      expiresAt,
      createdAt: clock.now(),
    });
  }

  return {
    /** Checks a code a member typed; throws the reason it cannot be used. */
    async validate(code: string, context: DiscountContext): Promise<DiscountCodeRow> {
      const row = await codes.findByCode(code);
      if (!row) throw new AppError('discount_code_not_found');
      const problem = await problemWith(row, context);
      if (problem === 'discount_code_minimum') {
        throw new AppError(problem, {
          params: { amount: `${(row.minimumOrderValue / 100).toFixed(2)} ${row.currency ?? context.price?.currency ?? ''}`.trim() },
        });
      }
      if (problem) throw new AppError(problem);
      return row;
    },

    /** The member's welcome code (made on first ask), while it lasts and before the first purchase. */
    async welcome(context: DiscountContext): Promise<DiscountCodeRow | null> {
      const row = await welcomeCode(context);
      return row && !(await problemWith(row, context)) ? row : null;
    },

    /**
     * The discount applied when the member enters none (spec §4): the time bonus while it runs,
     * else the welcome code — each only if it fits this order.
     */
    async active(context: DiscountContext): Promise<DiscountCodeRow | null> {
      const timeBonus = await codes.findByCode(TIME_BONUS_CODE);
      if (timeBonus && !(await problemWith(timeBonus, context))) return timeBonus;
      return this.welcome(context);
    },

    /** The code offered to a member about to delete their account, when the site gives one. */
    async deleteDiscount(context: DiscountContext): Promise<DiscountCodeRow | null> {
      if (context.site.deleteDiscount <= 0) return null;
      const existing = await codes.findMemberCode(context.member.id, 'delete_discount');
      const row =
        existing ??
        (await codes.insert({
          code: `STAY-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
          siteId: context.site.id,
          userId: context.member.id,
          kind: 'delete_discount',
          valuePercentage: Math.min(100, context.site.deleteDiscount),
          validity: 'once-per-user',
          expiresAt: new Date(clock.now().getTime() + 30 * 86_400_000),
          createdAt: clock.now(),
        }));
      return (await problemWith(row, context)) ? null : row;
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;

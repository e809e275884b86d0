import type { ConsoleDiscountCode, CreateDiscountCodeInput, DiscountCodesQuery } from '../../../contract/admin/money';
import type { Executor } from '../../db/client';
import { createConsoleDiscountCodesRepository } from '../../db/repositories/console-discount-codes.repository';
import type { DiscountCodeRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError, throwFieldProblems, type FieldProblem } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertSiteWritable, isSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';
import { cursorOf, parseCursor } from './order-filters';

export function presentConsoleDiscountCode(row: DiscountCodeRow, timesUsed: number): ConsoleDiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    site_id: row.siteId,
    country: row.country,
    user_id: row.userId,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    validity: row.validity,
    payment_methods: row.paymentMethods,
    expires_at: row.expiresAt?.toISOString() ?? null,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    times_used: timesUsed,
  };
}

/** The fields of a code as the audit log keeps them. */
const auditable = (row: DiscountCodeRow) => {
  const { id: _id, created_at: _created, times_used: _used, ...fields } = presentConsoleDiscountCode(row, 0);
  return fields;
};

/** Postgres' unique_violation, whichever driver reports it (node-postgres or PGlite). */
const isUniqueViolation = (error: unknown) => {
  const found = error as { code?: string; cause?: { code?: string } };
  return found?.code === '23505' || found?.cause?.code === '23505';
};

/**
 * Discount codes as operators hand them out (spec §3): list, create with every restriction the
 * checkout already applies (discounts.service), disable. Every change is audited in its own
 * transaction.
 *
 * A code belongs to its site, else to its member's site (welcome and member codes); one with
 * neither is for every site (ADR 0060). Staff limited to chosen sites list their sites' codes and
 * the every-site ones, and change only their sites' codes: another site's code is not found, and
 * an every-site code (or a new one) would reach sites outside their scope (`staff_sites_limited`).
 * A site or member outside the scope is named unknown, as one that does not exist.
 */
export function createConsoleDiscountsService(deps: { db: Executor; audit: AuditService; clock: Clock }) {
  const reader = createConsoleDiscountCodesRepository(deps.db);

  return {
    async page(query: DiscountCodesQuery, scope: SiteScope): Promise<{ items: ConsoleDiscountCode[]; next_after: string | null }> {
      const rows = await reader.page(
        { kind: query.kind, status: query.status, code: query.code || undefined, sites: scope },
        { beforeId: parseCursor(query.after)?.id, limit: query.page_size + 1 },
      );
      const items = rows.slice(0, query.page_size);
      const last = items[items.length - 1];
      return {
        items: items.map((row) => presentConsoleDiscountCode(row.code, row.timesUsed)),
        next_after: rows.length > query.page_size && last ? cursorOf(last.code.id, last.code.id) : null,
      };
    },

    /**
     * A new standard code. The code is stored in capitals (members type it in any case; the
     * unique index is on upper(code), so `summer10` and `SUMMER10` are one code): a taken code
     * is a 409 with its own message, whether found first or lost in a race at the insert.
     */
    async create(actor: StaffActor, input: CreateDiscountCodeInput): Promise<ConsoleDiscountCode> {
      const scope = scopeOfActor(actor);
      if (input.site_id === null && input.user_id === null) assertSiteWritable(scope, null);
      const now = deps.clock.now();
      const code = input.code.toUpperCase();
      try {
        return await deps.db.transaction(async (tx) => {
          const codes = createConsoleDiscountCodesRepository(tx);
          const problems: FieldProblem[] = [];
          if (await codes.codeExists(code)) throw new AppError('discount_code_taken', { fields: [{ field: 'body.code', code: 'discount_code_taken' }] });
          if (input.site_id !== null && !(isSiteAllowed(scope, input.site_id) && (await codes.siteExists(input.site_id)))) {
            problems.push({ field: 'body.site_id', code: 'discount_site_unknown' });
          }
          if (input.user_id !== null) {
            const memberSite = await codes.findMemberSite(input.user_id);
            if (memberSite === null || !isSiteAllowed(scope, memberSite)) problems.push({ field: 'body.user_id', code: 'discount_member_unknown' });
          }
          const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
          if (expiresAt && expiresAt <= now) problems.push({ field: 'body.expires_at', code: 'discount_expiry_past' });
          throwFieldProblems(problems);
          const row = await codes.insert({
            code,
            siteId: input.site_id,
            country: input.country,
            userId: input.user_id,
            kind: 'standard',
            valuePercentage: input.value_percentage,
            currency: input.currency,
            minimumOrderValue: input.minimum_order_value,
            status: 'active',
            validity: input.validity,
            paymentMethods: input.payment_methods,
            expiresAt,
            createdAt: now,
          });
          await deps.audit.record(tx, actor, { action: 'discount_code.create', targetType: 'discount_code', targetId: row.id, after: auditable(row) });
          return presentConsoleDiscountCode(row, 0);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('discount_code_taken', { fields: [{ field: 'body.code', code: 'discount_code_taken' }] });
        throw error;
      }
    },

    /**
     * Disables a code: members can no longer use it (the checkout refuses inactive codes as
     * unknown). A code that is already disabled stays so, and nothing is recorded twice.
     */
    async disable(actor: StaffActor, id: number): Promise<ConsoleDiscountCode> {
      return deps.db.transaction(async (tx) => {
        const codes = createConsoleDiscountCodesRepository(tx);
        const owner = await codes.findOwnerSite(id);
        if (owner === undefined) throw new AppError('not_found');
        // Another site's code is not found; an every-site code is refused to limited staff.
        assertSiteWritable(scopeOfActor(actor), owner);
        const before = await codes.find(id);
        if (!before) throw new AppError('not_found');
        const after = await codes.disable(id);
        if (after)
          await deps.audit.record(tx, actor, {
            action: 'discount_code.disable',
            targetType: 'discount_code',
            targetId: id,
            before: { status: before.status },
            after: { status: after.status },
          });
        const [listed] = await codes.page({ kind: before.kind, code: before.code, sites: null }, { limit: 1 });
        return presentConsoleDiscountCode(after ?? before, listed?.timesUsed ?? 0);
      });
    },
  };
}

export type ConsoleDiscountsService = ReturnType<typeof createConsoleDiscountsService>;

import type {
  ChargebackRatios,
  ChargebacksQuery,
  ChargebackSettings,
  ConsoleChargeback,
  ResolveDebtInput,
  UpdateChargebackSettingsInput,
} from '../../../contract/admin/chargebacks';
import type { Executor } from '../../db/client';
import { createChargebacksRepository } from '../../db/repositories/chargebacks.repository';
import { createConsoleChargebacksRepository, type ConsoleChargebackRecord } from '../../db/repositories/console-chargebacks.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import { assertEverySiteAllowed, assertSiteAllowed, narrowScope, scopeOfActor, type SiteScope } from '../staff/site-scope';
import type { Clock } from '../shared/clock';
import { chargebackRatios } from './chargeback-ratios';
import { cursorOf, parseCursor } from './order-filters';

export function presentConsoleChargeback({ chargeback, siteName, orderAmount, memberEmail, memberName }: ConsoleChargebackRecord): ConsoleChargeback {
  return {
    id: chargeback.id,
    order_id: chargeback.orderId,
    site_id: chargeback.siteId,
    site_name: siteName,
    user_id: chargeback.userId,
    member_name: memberName,
    member_email: memberEmail,
    kind: chargeback.kind,
    provider: chargeback.provider,
    payment_method: chargeback.paymentMethod,
    currency: chargeback.currency,
    amount: chargeback.amount,
    order_amount: orderAmount,
    reason_code: chargeback.reasonCode,
    reason_text: chargeback.reasonText,
    charged_back_at: chargeback.chargedBackAt.toISOString(),
    booked_at: chargeback.bookedAt?.toISOString() ?? null,
    reversed_credits: chargeback.reversedCredits,
    debt_credits: chargeback.debtCredits,
    debt_amount: chargeback.debtAmount,
    debt_resolution: chargeback.debtResolution,
    debt_resolved_at: chargeback.debtResolvedAt?.toISOString() ?? null,
  };
}

/**
 * Chargebacks and SEPA returns in the console (issue 33): the list (money.read), closing a
 * member's debt as settled or waived (money.write, audited in the same transaction), and the
 * ratio per site, payment method and month with the operators' warning threshold.
 */
export function createConsoleChargebacksService(deps: { db: Executor; audit: AuditService; clock: Clock }) {
  const reader = createConsoleChargebacksRepository(deps.db);

  async function findOne(id: number): Promise<ConsoleChargeback> {
    const [row] = await reader.page({ id }, { limit: 1 });
    if (!row) throw new AppError('not_found');
    return presentConsoleChargeback(row);
  }

  return {
    /** The list, of the sites in the staff member's scope only (ADR 0060). */
    async page(query: ChargebacksQuery, scope: SiteScope): Promise<{ items: ConsoleChargeback[]; next_after: string | null }> {
      const rows = await reader.page(
        {
          kind: query.kind,
          openDebt: query.open_debt === undefined ? undefined : query.open_debt === 'true',
          siteId: query.site_id,
          userId: query.user_id,
          sites: scope,
        },
        { beforeId: parseCursor(query.after)?.id, limit: query.page_size + 1 },
      );
      const items = rows.slice(0, query.page_size);
      const last = items[items.length - 1];
      return {
        items: items.map(presentConsoleChargeback),
        next_after: rows.length > query.page_size && last ? cursorOf(last.chargeback.id, last.chargeback.id) : null,
      };
    },

    /**
     * Closes the member's debt from one chargeback: `settled` (they paid it some other way) or
     * `waived` (forgiven). Once: a chargeback without debt, or closed already, is refused.
     */
    async resolveDebt(actor: StaffActor, id: number, input: ResolveDebtInput): Promise<ConsoleChargeback> {
      await deps.db.transaction(async (tx) => {
        const repository = createChargebacksRepository(tx);
        const row = await repository.lock(id);
        if (!row) throw new AppError('not_found');
        assertSiteAllowed(scopeOfActor(actor), row.siteId);
        if (row.debtAmount <= 0 || row.debtResolution) throw new AppError('chargeback_no_debt');
        await repository.resolveDebt(id, input.resolution, actor.id, deps.clock.now());
        await deps.audit.record(tx, actor, {
          action: input.resolution === 'waived' ? 'chargeback.waive_debt' : 'chargeback.settle_debt',
          targetType: 'chargeback',
          targetId: id,
          before: { debt_resolution: null },
          after: { debt_resolution: input.resolution, user_id: row.userId, order_id: row.orderId, debt_amount: row.debtAmount, currency: row.currency },
        });
      });
      return findOne(id);
    },

    /** The ratio of one site, or of every site in the staff member's scope. */
    async ratios(siteId: number | null, scope: SiteScope): Promise<ChargebackRatios> {
      return chargebackRatios(reader, { sites: narrowScope(scope, siteId), now: deps.clock.now() });
    },

    async settings(): Promise<ChargebackSettings> {
      return { warning_percent: (await reader.warningBasisPoints()) / 100 };
    },

    /** The warning threshold holds for every site, so staff limited to some may read it but not change it. */
    async updateSettings(actor: StaffActor, input: UpdateChargebackSettingsInput): Promise<ChargebackSettings> {
      assertEverySiteAllowed(scopeOfActor(actor));
      const basisPoints = Math.round(input.warning_percent * 100);
      await deps.db.transaction(async (tx) => {
        const repository = createConsoleChargebacksRepository(tx);
        const before = await repository.warningBasisPoints();
        await repository.setWarningBasisPoints(basisPoints, deps.clock.now());
        await deps.audit.record(tx, actor, {
          action: 'chargeback.update_settings',
          targetType: 'chargeback_settings',
          targetId: 1,
          before: { warning_percent: before / 100 },
          after: { warning_percent: basisPoints / 100 },
        });
      });
      return { warning_percent: basisPoints / 100 };
    },
  };
}

export type ConsoleChargebacksService = ReturnType<typeof createConsoleChargebacksService>;

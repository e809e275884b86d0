import type { TransactionsResponse } from '../../../contract/payments';
import type { Executor } from '../../db/client';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../credits/ledger';
import { createOrdersRepository } from '../../db/repositories/orders.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { OrderRow, SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { presentLedgerEntry, presentOrder } from './order-presenter';
import type { PaymentEvents } from './orders.service';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.port';
import type { MoneyNotices } from './money-notices';
import { refundableCredits, refundAmount, unusedBoughtCredits } from './refund-rules';

/** A refund as booked: the order, the credits and money it gave back, the balance after it. */
export interface BookedRefund {
  order: OrderRow;
  credits: number;
  /** Minor units of the order's currency. */
  amount: number;
  balance: number;
}
export type RefundHook = (tx: Executor, refund: BookedRefund) => Promise<void>;

/** The member's orders and credit history (`/transactions`), and refunds of unused credits. */
export function createTransactionsService(deps: {
  db: Executor;
  users: UsersRepository;
  providers: Record<string, PaymentProvider>;
  clock: Clock;
  events?: PaymentEvents;
  onProviderRefundFailed?: (error: unknown) => void;
  /** Mails the member about the refund (issue 33), after the commit. */
  notices?: Pick<MoneyNotices, 'refunded'>;
}) {
  const { db, clock } = deps;
  const orders = createOrdersRepository(db);

  return {
    async list(site: SiteRow, memberId: number, orderId?: number): Promise<TransactionsResponse> {
      const member = await deps.users.findById(memberId);
      if (!member) throw new AppError('authentication_required');
      const records = orderId ? [await orders.findForMember(memberId, orderId)].filter((record) => record !== null) : await orders.listForMember(memberId);
      if (orderId && !records.length) throw new AppError('not_found');
      const ledger = await orders.ledgerForMember(memberId, { orderId });
      const unused = unusedBoughtCredits(await createCreditsRepository(db).listSteps(memberId));
      const now = clock.now();
      return {
        orders: records.map((record) => presentOrder(record, refundableCredits(record, unused, site.refundDays, now))),
        ledger: ledger.map(presentLedgerEntry),
        credits: member.credits,
        refund_days: site.refundDays,
      };
    },

    /**
     * Refunds the unused bought credits of a paid order within the site's refund window (ADR
     * 0020), and answers with the order as `/transactions/{id}` shows it.
     */
    async refund(site: SiteRow, memberId: number, orderId: number) {
      await bookRefund(memberId, orderId, { refundDays: site.refundDays });
      return this.list(site, memberId, orderId);
    },

    /**
     * An operator's refund from the console (issue 16): the same unused bought credits and the
     * same exactly-once booking, without the member's refund window. `within` runs in the
     * refund's transaction once the credits are known — the caller's limit check and audit row
     * commit with the refund or not at all. `credits` refunds only part of the unused credits
     * (issue 33), at the order's price pro rata; the order takes one refund, whole or partial.
     */
    refundByStaff(memberId: number, orderId: number, within: RefundHook, credits?: number): Promise<BookedRefund> {
      return bookRefund(memberId, orderId, { refundDays: Number.POSITIVE_INFINITY, within, credits });
    },
  };

  /**
   * The member's balance stays locked from reading the ledger to the debit, so no send can spend
   * the credits in between; the refund row is unique per order and the debit is conditional, all
   * in one transaction: exactly once, and never below zero. The money goes back through the
   * order's provider after the commit, with the order's refund as the idempotency key.
   */
  async function bookRefund(memberId: number, orderId: number, rule: { refundDays: number; within?: RefundHook; credits?: number }): Promise<BookedRefund> {
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const txOrders = createOrdersRepository(tx);
      const locked = await txOrders.lock(orderId);
      if (!locked || locked.userId !== memberId) throw new AppError('not_found');
      const record = (await txOrders.findForMember(memberId, orderId))!;
      // Inside the transaction, every read goes through it (PGlite has one connection).
      const txCredits = createCreditsRepository(tx);
      // Order first, then the balance: the order in which a payment's crediting locks them too.
      if ((await txCredits.lockBalance(memberId)) === null) throw new AppError('not_found');
      const unused = refundableCredits(record, unusedBoughtCredits(await txCredits.listSteps(memberId)), rule.refundDays, now);
      if (unused <= 0) throw new AppError('refund_unavailable');
      if (rule.credits !== undefined && rule.credits > unused) throw new AppError('refund_over_unused', { params: { credits: unused } });
      const credits = rule.credits ?? unused;
      const amount = refundAmount(locked.amount, locked.credits, credits);
      if (!(await txOrders.insertRefund({ orderId, userId: memberId, credits, amount, currency: locked.currency, createdAt: now })))
        throw new AppError('refund_unavailable');
      const balance = await bookCredits(tx, {
        userId: memberId,
        delta: -credits,
        reason: 'refund',
        reference: `order:${orderId}`,
        idempotencyKey: `refund:${orderId}`,
        at: now,
      });
      if (balance === null) throw new AppError('refund_unavailable');
      await rule.within?.(tx, { order: locked, credits, amount, balance });
      return { order: locked, credits, amount, balance };
    });
    deps.events?.creditsChanged(memberId, done.balance);
    // The money goes back after the credits are gone; a provider hiccup is logged for the operator.
    const provider = deps.providers[done.order.provider];
    if (provider && done.order.providerPaymentId) {
      await provider
        .refund(done.order.providerPaymentId, done.amount, done.order.currency, `refund-order-${orderId}`)
        .catch((error: unknown) => deps.onProviderRefundFailed?.(error));
    }
    await deps.notices?.refunded(memberId, { orderId, credits: done.credits, amount: done.amount, currency: done.order.currency, balance: done.balance });
    return done;
  }
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;

import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { demoPayments, type DemoPaymentRow } from '../../db/schema/index';
import {
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentRequest,
  type IncomingWebhook,
  type PaymentProvider,
  type ProviderChargeback,
  type ProviderStatus,
} from './payment-provider.port';

/** The app's injected clock: payments settle and are stamped by it. */
type Clock = { now(): Date };

/** What the payer can choose on the demo checkout page. */
export const DEMO_OUTCOMES = ['paid', 'pending', 'failed', 'canceled'] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

/**
 * What can befall a paid demo payment later: the card holder disputes it (a chargeback), or the
 * bank returns the direct debit (a SEPA return). Each with a typical reason code when none is given.
 */
export const DEMO_DISPUTES = ['chargeback', 'return'] as const;
export type DemoDispute = (typeof DEMO_DISPUTES)[number];
const DEMO_REASON_CODES: Record<DemoDispute, string> = { chargeback: '4837', return: 'MD06' };

export const DEMO_SIGNATURE_HEADER = 'x-demo-signature';

/** A payment as the hosted checkout page shows it. */
export type DemoPayment = DemoPaymentRow;

/**
 * Hands one signed notification to the site. The app wires it to its own webhook handler
 * in-process: the demo never opens a connection, so no stored or forged address can make it call
 * somewhere (`url` is the site's configured webhook address, for the record and for tests).
 */
export type WebhookDelivery = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

export interface DemoProviderOptions {
  db: Executor;
  secret: string;
  clock: Clock;
  deliver: WebhookDelivery;
  /** How long a payment chosen as "pending" takes to settle as paid. */
  pendingSettleMs?: number;
  /** Delivery attempts per notification before giving up (the return page still settles it). */
  deliveryAttempts?: number;
}

export type DemoProvider = PaymentProvider & ReturnType<typeof demoCheckout>;

/**
 * The built-in payment provider for the embedded default: a hosted checkout page where the
 * payer picks the outcome, and webhooks signed with HMAC-SHA256 that — like Mollie's — only
 * name the payment, whose status is then fetched back.
 */
export function createDemoProvider(options: DemoProviderOptions): DemoProvider {
  const { db, secret, clock } = options;
  const { deliver } = options;
  const pendingSettleMs = options.pendingSettleMs ?? 3000;
  const attempts = options.deliveryAttempts ?? 4;
  const sign = (body: string) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

  /** Sends the notification, retrying with backoff; never throws (a provider retries on its own time). */
  async function notify(paymentId: string, webhookUrl: string) {
    const body = JSON.stringify({ id: paymentId });
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        await deliver(webhookUrl, body, { [DEMO_SIGNATURE_HEADER]: sign(body) });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt).unref());
      }
    }
  }

  /** A pending demo payment becomes paid once its settle time has passed, whoever asks first. */
  async function settleIfDue(paymentId: string) {
    const due = new Date(clock.now().getTime() - pendingSettleMs);
    const [settled] = await db
      .update(demoPayments)
      .set({ status: 'paid', updatedAt: clock.now() })
      .where(and(eq(demoPayments.id, paymentId), eq(demoPayments.status, 'pending'), lt(demoPayments.updatedAt, sql`${due.toISOString()}::timestamptz`)))
      .returning();
    return settled ?? null;
  }

  const provider: PaymentProvider = {
    name: 'demo',

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      const id = `demo_${crypto.randomBytes(12).toString('base64url')}`;
      const now = clock.now();
      await db.insert(demoPayments).values({
        id,
        orderId: request.orderId,
        amount: request.amount,
        currency: request.currency,
        method: request.method,
        description: request.description,
        returnUrl: request.returnUrl,
        webhookUrl: request.webhookUrl,
        createdAt: now,
        updatedAt: now,
      });
      return { id, checkoutUrl: `/demo-checkout/${id}` };
    },

    async parseWebhook(webhook: IncomingWebhook): Promise<string> {
      const given = String(webhook.headers[DEMO_SIGNATURE_HEADER] ?? '');
      const expected = sign(webhook.rawBody);
      const genuine = given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      if (!genuine) throw new PaymentProviderError('webhook_not_genuine');
      const id = (JSON.parse(webhook.rawBody) as { id?: unknown }).id;
      if (typeof id !== 'string') throw new PaymentProviderError('webhook_not_genuine');
      return id;
    },

    async fetchStatus(paymentId: string): Promise<ProviderStatus> {
      const settled = await settleIfDue(paymentId);
      if (settled) return settled.status;
      const [row] = await db.select({ status: demoPayments.status }).from(demoPayments).where(eq(demoPayments.id, paymentId));
      if (!row) throw new PaymentProviderError('unknown_payment', `unknown demo payment ${paymentId}`);
      return row.status;
    },

    async fetchChargebacks(paymentId: string): Promise<ProviderChargeback[]> {
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, paymentId));
      if (!row) throw new PaymentProviderError('unknown_payment', `unknown demo payment ${paymentId}`);
      if (!row.disputeKind || !row.disputedAt) return [];
      return [
        {
          id: `${row.id}_${row.disputeKind}`,
          kind: row.disputeKind,
          amount: row.amount,
          currency: row.currency,
          reasonCode: row.disputeReason,
          reasonText: null,
          at: row.disputedAt,
        },
      ];
    },

    async refund(paymentId: string, amount: number): Promise<void> {
      await db
        .update(demoPayments)
        .set({ refundedAmount: sql`${demoPayments.refundedAmount} + ${amount}`, updatedAt: clock.now() })
        .where(and(eq(demoPayments.id, paymentId), eq(demoPayments.status, 'paid')));
    },
  };

  return Object.assign(provider, demoCheckout({ db, clock, notify, settleIfDue, pendingSettleMs }));
}

/** The hosted checkout page's side: show a payment, and record the payer's choice. */
function demoCheckout(deps: {
  db: Executor;
  clock: Clock;
  notify: (paymentId: string, webhookUrl: string) => Promise<void>;
  settleIfDue: (paymentId: string) => Promise<unknown>;
  pendingSettleMs: number;
}) {
  const { db, clock, notify } = deps;
  const settleTimers = new Set<NodeJS.Timeout>();
  return {
    async findPayment(paymentId: string): Promise<DemoPayment | null> {
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.id, paymentId));
      return row ?? null;
    },

    /** Records the outcome the payer chose and notifies the site; returns where the payer goes back to. */
    async choose(paymentId: string, outcome: DemoOutcome): Promise<string | null> {
      const [row] = await db
        .update(demoPayments)
        .set({ status: outcome, updatedAt: clock.now() })
        .where(and(eq(demoPayments.id, paymentId), inArray(demoPayments.status, ['open'])))
        .returning();
      if (!row) return (await this.findPayment(paymentId))?.returnUrl ?? null;
      void notify(row.id, row.webhookUrl);
      if (outcome === 'pending') {
        // Like a bank transfer that clears a little later: settle, then notify again. A settle
        // lost to a restart happens anyway on the next status check (`fetchStatus`).
        const timer = setTimeout(() => {
          settleTimers.delete(timer);
          deps
            .settleIfDue(row.id)
            .then((settled) => (settled ? notify(row.id, row.webhookUrl) : undefined))
            .catch((error: unknown) => console.error('demo payment settle failed', error));
        }, deps.pendingSettleMs + 50);
        timer.unref();
        settleTimers.add(timer);
      }
      return row.returnUrl;
    },

    /**
     * Charges a paid payment back, or returns it as a SEPA bank would, and notifies the site;
     * false when the payment is not paid or was disputed already (a payment is disputed once).
     */
    async dispute(paymentId: string, kind: DemoDispute, reasonCode?: string): Promise<boolean> {
      const [row] = await db
        .update(demoPayments)
        .set({ disputeKind: kind, disputeReason: reasonCode ?? DEMO_REASON_CODES[kind], disputedAt: clock.now(), updatedAt: clock.now() })
        .where(and(eq(demoPayments.id, paymentId), eq(demoPayments.status, 'paid'), isNull(demoPayments.disputeKind)))
        .returning();
      if (!row) return false;
      void notify(row.id, row.webhookUrl);
      return true;
    },

    /** Drops settles still waiting, before the database closes. */
    close() {
      for (const timer of settleTimers) clearTimeout(timer);
      settleTimers.clear();
    },
  };
}

import type { Bundle, BundlesResponse, CreateOrderInput, DiscountCodeQuery, DiscountCodeResponse, Order, OrderStatus } from '../../../contract/payments';
import { isPaymentMethod, paymentMethodsFor } from '../../../contract/payment-methods';
import type { PublicBundlesResponse } from '../../../contract/pricing';
import type { IncomingWebhook, PaymentProvider, ProviderChargeback } from '../../adapters/payments/payment-provider.port';
import type { Executor } from '../../db/client';
import { createChargebacksRepository } from '../../db/repositories/chargebacks.repository';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../credits/ledger';
import { createOrdersRepository, type OrderRecord, type OrdersRepository } from '../../db/repositories/orders.repository';
import type { JobsRepository } from '../../db/repositories/jobs.repository';
import { createUsersRepository, type UsersRepository } from '../../db/repositories/users.repository';
import type { CreditBundleRow, DiscountCodeRow, OrderRow, SiteRow, UserRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { SiteUrls } from '../sites/site-urls';
import { releaseDiscount, reserveDiscount, settleDiscount } from './discount-reservations';
import { applyPercentage, presentDiscountCode, type DiscountContext, type DiscountsService } from './discounts.service';
import { bookChargebacks, recordChargebacks, type BookedChargeback } from './chargebacks';
import { reverseChargebacks, type ReversedChargeback } from './chargeback-reversals';
import { listOpenDebts } from './member-debts';
import { presentOrder } from './order-presenter';
import { hasEndedUnpaid, isFinal, nextOrderStatus, orderStatusOf } from './order-status';
import { withDomainErrors } from './provider-errors';
import { refundableCredits, unusedBoughtCredits } from './refund-rules';

/** SEPA direct debit runs on the site's own mandate form, not through a hosted checkout. */
export const SEPA_PROVIDER = 'sepa';

/** An order nobody paid is settled as expired a day after it was started. */
export const EXPIRE_ORDER_JOB = 'expire_order';
const ORDER_LIFETIME_MS = 24 * 3_600_000;

export interface PaymentEvents {
  /** The member's balance changed outside a chat send (a purchase or refund). */
  creditsChanged(userId: number, credits: number): void;
  /** A chargeback or return was booked on the member's order (after commit; the member is told). */
  chargebackBooked?(booked: BookedChargeback): void;
  /** A chargeback was reversed by the provider and its credits given back (after commit; the member is told). */
  chargebackReversed?(reversed: ReversedChargeback): void;
}

export const bundlePrice = (bundle: CreditBundleRow, country: string) => bundle.prices[country] ?? bundle.prices['*'];

/** A bundle at the country's price, with the discount's price when the discount fits it. */
function presentBundle(bundle: CreditBundleRow, country: string, discount: DiscountCodeRow | null): Bundle {
  const price = bundlePrice(bundle, country);
  const fits = discount && price.amount >= discount.minimumOrderValue && (!discount.currency || discount.currency === price.currency);
  return {
    id: bundle.id,
    credits: bundle.credits,
    price,
    discounted_price: fits ? { amount: applyPercentage(price.amount, discount.valuePercentage), currency: price.currency } : null,
    price_per_credit: Math.round((price.amount / bundle.credits) * 10) / 10,
    highlighted: bundle.highlighted,
  };
}

/**
 * Credit bundles, orders and their payment. Whatever the provider sends, in whatever order and
 * however often, a paid order adds its credits exactly once: every report is applied under a
 * row lock on the order, and the credit itself is guarded by `credited_at` being still empty.
 */
export function createOrdersService(deps: {
  db: Executor;
  users: UsersRepository;
  discounts: DiscountsService;
  providers: Record<string, PaymentProvider>;
  /** The provider of card, iDEAL, PayPal … orders; null when the deployment has none. */
  defaultProvider: string | null;
  /** Whether SEPA mandates can be signed (their SMS code reaches the member). */
  directDebit: boolean;
  urls: SiteUrls;
  clock: Clock;
  events?: PaymentEvents;
  jobs?: Pick<JobsRepository, 'enqueue'>;
}) {
  const { db, clock, discounts } = deps;
  const orders: OrdersRepository = createOrdersRepository(db);
  const provider = (name: string) => {
    const found = deps.providers[name];
    if (!found) throw new AppError('not_found', { detail: `unknown payment provider ${name}` });
    return withDomainErrors(found);
  };

  /**
   * The methods a member from this country can pay with: the site's choice, narrowed to what the
   * deployment can really take. Without a provider there is nothing to offer, never a fake success.
   */
  /** The operator's list for the payment country when it has one, else the site-wide list (empty: all). */
  const siteMethodsFor = (site: SiteRow, country: string) =>
    site.paymentMethodsByCountry[country.toUpperCase()]?.length ? site.paymentMethodsByCountry[country.toUpperCase()] : site.paymentMethods;
  const availableMethods = (country: string, site: SiteRow) =>
    paymentMethodsFor(country, siteMethodsFor(site, country)).filter((method) => (method === 'directdebit' ? deps.directDebit : deps.defaultProvider !== null));

  async function memberOf(memberId: number) {
    const account = await deps.users.findAccount(memberId);
    if (!account) throw new AppError('authentication_required');
    return account;
  }

  const paymentCountry = (account: Awaited<ReturnType<typeof memberOf>>, fallback: string | null) => account.profile.country || fallback || 'US';

  async function present(record: OrderRecord, member: Pick<UserRow, 'id'>, site: SiteRow): Promise<Order> {
    // Only a paid order can have refundable credits: the others need no walk through the ledger.
    const unused = record.order.status === 'paid' ? unusedBoughtCredits(await createCreditsRepository(db).listSteps(member.id)) : new Map<number, number>();
    return presentOrder(record, refundableCredits(record, unused, site.refundDays, clock.now()));
  }

  /** Applies one status report in its own transaction; returns the order's status afterwards. */
  async function applyReport(orderId: number, reported: OrderStatus, source: 'webhook' | 'return' | 'poll'): Promise<OrderStatus> {
    const outcome: { credited?: { userId: number; balance: number }; chargebacks: BookedChargeback[] } = { chargebacks: [] };
    const status = await db.transaction(async (tx) => {
      const txOrders = createOrdersRepository(tx);
      const order = await txOrders.lock(orderId);
      if (!order) throw new AppError('not_found');
      const next = nextOrderStatus(order.status, reported);
      const now = clock.now();
      if (next !== order.status) await txOrders.setStatus(order.id, next, now);
      // An order that ended unpaid gives its single-use discount back at once.
      if (hasEndedUnpaid(next)) await releaseDiscount(tx, order.id, now);
      if (next === 'paid' && order.userId !== null && (await txOrders.markCredited(order.id, now))) {
        // Whether the discount is still this order's is decided here, under the order's lock.
        const { credits } = await settleDiscount(tx, { ...order, userId: order.userId }, now);
        const balance = await bookCredits(tx, {
          userId: order.userId,
          delta: credits,
          reason: 'purchase',
          reference: `order:${order.id}`,
          idempotencyKey: `order:${order.id}`,
          at: now,
        });
        // The first completed purchase makes the member premium (spec §4 Membership).
        await createUsersRepository(tx).markPaid(order.userId, now);
        outcome.credited = { userId: order.userId, balance: balance! };
        // A chargeback reported before the payment is booked now that there are credits to take back.
        outcome.chargebacks = await bookChargebacks(tx, { ...order, creditedAt: now }, now);
      }
      await txOrders.recordEvent({ orderId: order.id, source, reportedStatus: reported, resultingStatus: next, receivedAt: now });
      return next;
    });
    if (outcome.credited) deps.events?.creditsChanged(outcome.credited.userId, outcome.credited.balance);
    announceChargebacks(outcome.chargebacks);
    return status;
  }

  function announceChargebacks(booked: BookedChargeback[]) {
    for (const entry of booked) {
      deps.events?.creditsChanged(entry.userId, entry.balance);
      deps.events?.chargebackBooked?.(entry);
    }
  }

  /**
   * Books what the provider reports about an order's chargebacks and returns: each is recorded
   * once (replays and concurrent reports find the first row), and booked once the order is
   * credited, under the order's lock.
   */
  async function applyChargebacks(orderId: number, reported: ProviderChargeback[]): Promise<void> {
    const { booked, reversed } = await db.transaction(async (tx) => {
      const order = await createOrdersRepository(tx).lock(orderId);
      if (!order) throw new AppError('not_found');
      const now = clock.now();
      // One reversed before the site ever heard of it took nothing and gives nothing back.
      await recordChargebacks(
        tx,
        order,
        reported.filter((chargeback) => !chargeback.reversedAt),
        now,
      );
      const reversed = await reverseChargebacks(tx, order, reported, now);
      return { booked: await bookChargebacks(tx, order, now), reversed };
    });
    announceChargebacks(booked);
    for (const entry of reversed) {
      deps.events?.creditsChanged(entry.userId, entry.balance);
      deps.events?.chargebackReversed?.(entry);
    }
  }

  /** Asks the provider for the truth about an unfinished order and applies it. */
  async function refresh(order: OrderRow, source: 'return' | 'poll'): Promise<void> {
    if (isFinal(order.status) || !order.providerPaymentId || order.provider === SEPA_PROVIDER) return;
    const reported = orderStatusOf(await provider(order.provider).fetchStatus(order.providerPaymentId));
    await applyReport(order.id, reported, source);
  }

  async function chooseDiscount(context: DiscountContext, code: string | undefined): Promise<DiscountCodeRow | null> {
    if (code) return discounts.validate(code, context);
    return discounts.active(context);
  }

  async function start(site: SiteRow, memberId: number, input: CreateOrderInput, fallbackCountry: string | null) {
    const earlier = await orders.findByClientId(memberId, input.client_id);
    const account = await memberOf(memberId);
    if (earlier) return answerFor(site, account.user, earlier);
    if (account.user.status !== 'active') throw new AppError('email_not_confirmed');
    if (await createChargebacksRepository(db).hasOpenDebt(memberId)) throw new AppError('payment_debt_outstanding');

    const country = paymentCountry(account, fallbackCountry);
    const methods = availableMethods(country, site);
    if (!methods.length) throw new AppError('payments_unavailable');
    if (!methods.includes(input.payment_method)) throw new AppError('payment_method_unavailable');
    const bundle = await orders.findBundle(site.id, input.bundle_id);
    if (!bundle) throw new AppError('not_found');
    const price = bundlePrice(bundle, country);
    const discount = await chooseDiscount({ site, member: account.user, country, paymentMethod: input.payment_method, price }, input.discount_code);
    const percentage = discount?.valuePercentage ?? 0;
    const now = clock.now();
    const sepa = input.payment_method === 'directdebit';
    // The order and its hold on a single-use discount commit together, or neither does: a code
    // another unfinished order holds refuses this one here, never later at payment.
    const order = await db.transaction(async (tx) => {
      // Checked again with the order's insert: a debt booked meanwhile refuses it too.
      if (await createChargebacksRepository(tx).hasOpenDebt(memberId)) throw new AppError('payment_debt_outstanding');
      const inserted = await createOrdersRepository(tx).insertUnlessExists({
        userId: memberId,
        siteId: site.id,
        bundleId: bundle.id,
        credits: bundle.credits,
        amount: applyPercentage(price.amount, percentage),
        listAmount: price.amount,
        currency: price.currency,
        country,
        paymentMethod: input.payment_method,
        // Not null: the method was among the available ones, which need a provider.
        provider: sepa ? SEPA_PROVIDER : deps.defaultProvider!,
        discountCodeId: discount?.id ?? null,
        discountPercentage: percentage,
        clientId: input.client_id,
        createdAt: now,
        updatedAt: now,
      });
      if (inserted && discount) await reserveDiscount(tx, discount, inserted, memberId, now);
      return inserted;
    });
    // A double click raced this one: answer with the order the other request made.
    if (!order) return answerFor(site, account.user, (await orders.findByClientId(memberId, input.client_id))!);
    await deps.jobs?.enqueue(EXPIRE_ORDER_JOB, { orderId: order.id }, new Date(now.getTime() + ORDER_LIFETIME_MS), now);
    if (sepa) return answerFor(site, account.user, order);

    const returnUrl = deps.urls.urlOf(site, `/credits/${bundle.id}/${input.payment_method}?order=${order.id}`);
    try {
      const payment = await provider(order.provider).createPayment({
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        description: `${site.name} ${bundle.credits} credits, order ${order.id}`,
        method: input.payment_method,
        returnUrl,
        webhookUrl: deps.urls.urlOf(site, `/api/payment-webhook.php?provider=${order.provider}`),
        locale: account.user.language,
      });
      await orders.setProviderPayment(order.id, payment, clock.now());
      const record = (await orders.findForMember(memberId, order.id))!;
      return { order: await present(record, account.user, site), redirect_url: payment.checkoutUrl };
    } catch (error) {
      await applyReport(order.id, 'failed', 'return');
      if (error instanceof AppError) throw error;
      throw new AppError('payment_provider_unavailable', { detail: String(error) });
    }
  }

  /**
   * The answer for an order that already exists: where it stands, and where the browser goes —
   * back to the provider's checkout while it is still open there, else to its status page.
   */
  async function answerFor(site: SiteRow, member: UserRow, order: OrderRow) {
    const record = (await orders.findForMember(member.id, order.id))!;
    const redirect =
      order.paymentMethod === 'directdebit'
        ? `/directdebit?order=${order.id}`
        : order.status === 'open' && order.checkoutUrl
          ? order.checkoutUrl
          : `/credits/${order.bundleId ?? 0}/${order.paymentMethod}?order=${order.id}`;
    return { order: await present(record, member, site), redirect_url: redirect };
  }

  return {
    applyReport,
    applyChargebacks,

    async listBundles(site: SiteRow, memberId: number, fallbackCountry: string | null): Promise<BundlesResponse> {
      const account = await memberOf(memberId);
      const country = paymentCountry(account, fallbackCountry);
      const [bundles, discount, last, debts] = await Promise.all([
        orders.listBundles(site.id),
        discounts.active({ site, member: account.user, country }),
        orders.lastPaid(memberId),
        listOpenDebts(db, memberId),
      ]);
      const methods = availableMethods(country, site);
      return {
        payment_country: country,
        payment_methods: methods,
        discount: discount ? presentDiscountCode(discount, clock.now(), account.user) : null,
        bundles: bundles.map((bundle) => presentBundle(bundle, country, discount)),
        last_order:
          last?.bundleId && isPaymentMethod(last.paymentMethod) && methods.includes(last.paymentMethod)
            ? { bundle_id: last.bundleId, payment_method: last.paymentMethod }
            : null,
        open_debts: debts,
      };
    },

    /** The bundles at the list prices of a visitor's country (the pricing page, before sign-up). */
    async listPublicBundles(site: SiteRow, country: string): Promise<PublicBundlesResponse> {
      const bundles = await orders.listBundles(site.id);
      return {
        payment_country: country,
        payment_methods: availableMethods(country, site),
        bundles: bundles.map((bundle) => presentBundle(bundle, country, null)),
      };
    },

    start,

    /** Repeats the member's last paid order: same bundle, same method. */
    async repeat(site: SiteRow, memberId: number, clientId: string, fallbackCountry: string | null) {
      const last = await orders.lastPaid(memberId);
      if (!last?.bundleId || !isPaymentMethod(last.paymentMethod) || !(await orders.findBundle(site.id, last.bundleId)))
        throw new AppError('no_previous_order');
      return start(site, memberId, { bundle_id: last.bundleId, payment_method: last.paymentMethod, client_id: clientId }, fallbackCountry);
    },

    /** An order's status for the member; an unfinished one is first checked with the provider. */
    async status(site: SiteRow, memberId: number, orderId: number) {
      const found = await orders.findForMember(memberId, orderId);
      if (!found) throw new AppError('not_found');
      await refresh(found.order, 'return');
      const record = (await orders.findForMember(memberId, orderId))!;
      const member = (await deps.users.findById(memberId))!;
      return { order: await present(record, member, site), credits: member.credits, paid_user: member.paidUser };
    },

    /**
     * The day-old check of an order: ask the provider once more, and an order still open (never
     * paid, never even pending) ends as expired. Pending ones wait for their provider.
     */
    async expireIfUnpaid(orderId: number): Promise<void> {
      const order = await orders.findById(orderId);
      if (!order) return;
      await refresh(order, 'poll');
      if ((await orders.findById(orderId))?.status === 'open') await applyReport(orderId, 'expired', 'poll');
    },

    /** A provider notification: verify it, find the order, and apply what the provider says now. */
    async handleWebhook(providerName: string, webhook: IncomingWebhook): Promise<void> {
      const paymentProvider = provider(providerName);
      const paymentId = await paymentProvider.parseWebhook(webhook);
      const order = await orders.findByProviderPayment(providerName, paymentId);
      // Unknown payments are acknowledged silently: the provider stops retrying and learns nothing.
      if (!order) return;
      const status = await applyReport(order.id, orderStatusOf(await paymentProvider.fetchStatus(paymentId)), 'webhook');
      // Chargebacks and returns come as a notification about the payment too; only a paid one has any.
      if (status !== 'paid' || !paymentProvider.fetchChargebacks) return;
      const reported = await paymentProvider.fetchChargebacks(paymentId);
      if (reported.length) await applyChargebacks(order.id, reported);
    },

    /**
     * `discountcode.php`: checks a code the member typed (against a bundle and method when given),
     * or returns the welcome code (`welcome=true`) or the discount that applies by itself.
     */
    async discountCode(site: SiteRow, memberId: number, query: DiscountCodeQuery, fallbackCountry: string | null): Promise<DiscountCodeResponse> {
      const account = await memberOf(memberId);
      const country = paymentCountry(account, fallbackCountry);
      const context: DiscountContext = { site, member: account.user, country, paymentMethod: query.payment_method };
      const answer = (row: DiscountCodeRow | null) => ({ discountcode: row ? presentDiscountCode(row, clock.now(), account.user) : null });
      if (query.code) {
        const bundle = query.bundle_id ? await orders.findBundle(site.id, query.bundle_id) : null;
        return answer(await discounts.validate(query.code, { ...context, price: bundle ? bundlePrice(bundle, country) : undefined }));
      }
      return answer(query.welcome === 'true' ? await discounts.welcome(context) : await discounts.active(context));
    },

    orders,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

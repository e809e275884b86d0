import type { PaymentProvider } from '../adapters/payments/payment-provider.port';
import { createDiscountCodesRepository } from '../db/repositories/discount-codes.repository';
import { createOrdersService } from '../domain/payments/orders.service';
import type { ServiceOverrides } from '../service-overrides';
import { createRealtimePaymentEvents } from '../domain/payments/payment-events';
import { createDemoProvider } from '../adapters/payments/demo-provider';
import { createMollieProvider } from '../adapters/payments/mollie-provider';
import { createDeletionOfferService } from '../domain/payments/deletion-offer.service';
import { createDiscountsService } from '../domain/payments/discounts.service';
import { createTransactionsService } from '../domain/payments/transactions.service';
import { createDirectDebitService } from '../domain/payments/direct-debit.service';
import { createChargebackNotices, createChargebackReversalNotices } from '../domain/payments/chargeback-notices';
import { createMoneyNotices } from '../domain/payments/money-notices';
import { createMemberNotices } from '../domain/moderation/member-notices';
import { createReportsRepository } from '../db/repositories/reports.repository';
import { createHttpSmsSender } from '../adapters/sms/http-sms';
import { createOutboxSmsSender } from '../adapters/sms/outbox-sms';
import type { Platform } from './platform';
import type { Stores } from './stores';

/**
 * Members' money (ADR 0022): the payment providers, orders with their discounts, the deletion
 * offer, SEPA direct debit with its SMS codes, and transactions with their refunds. Every credit
 * goes through the orders service, so a payment is credited once whichever provider took it.
 */
export function composeMoney(platform: Platform, stores: Stores, overrides: Pick<ServiceOverrides, 'demoWebhookDelivery' | 'paymentProvider' | 'smsSender'>) {
  const { config, db, clock, secrets, bus, siteUrls, translator, outboxDir, mail } = platform;
  const { users: usersRepository, jobs: jobsRepository } = stores;
  // The demo provider always exists, so that orders it took stay readable, but it takes
  // new orders only when PAYMENTS=demo (the default outside production); PAYMENTS=mollie sends
  // them to Mollie. The demo hands its signed notifications to this app in-process: it never
  // calls an address, so nobody can point it at one (ADR 0022).
  const demoPayments = createDemoProvider({
    db,
    secret: secrets.demoPaymentsSecret,
    clock,
    deliver: overrides.demoWebhookDelivery ?? ((_url, body, headers) => payments.handleWebhook('demo', { headers, rawBody: body })),
  });
  const providers: Record<string, PaymentProvider> = { demo: demoPayments };
  if (config.payments.provider === 'mollie') providers.mollie = createMollieProvider({ apiKey: config.payments.mollieApiKey! });
  if (overrides.paymentProvider) providers[overrides.paymentProvider.name] = overrides.paymentProvider;
  const paymentEvents = createRealtimePaymentEvents(bus, stores.counters);
  // What the member hears of a booked chargeback or return: the balance on their tabs, and a mail.
  const noticeDeps = { contacts: createReportsRepository(db), sites: stores.sites, mail, translator, urls: siteUrls };
  const chargebackEvents = {
    ...paymentEvents,
    chargebackBooked: createChargebackNotices(noticeDeps),
    chargebackReversed: createChargebackReversalNotices(noticeDeps),
  };
  const discounts = createDiscountsService({ codes: createDiscountCodesRepository(db), clock });
  const payments = createOrdersService({
    db,
    users: usersRepository,
    discounts,
    providers,
    defaultProvider: overrides.paymentProvider?.name ?? config.payments.provider,
    directDebit: config.payments.directDebit,
    urls: siteUrls,
    clock,
    // A booked chargeback is mailed to the member (issue 33).
    events: chargebackEvents,
    jobs: jobsRepository,
  });
  const deletionOffer = createDeletionOfferService({ payments, discounts, users: usersRepository, clock });
  // SMS (SEPA mandate codes): to the outbox beside the mails, or through the HTTP gateway when SMS_URL is set.
  const smsSender =
    overrides.smsSender ?? (config.sms.url ? createHttpSmsSender({ url: config.sms.url, token: config.sms.token }) : createOutboxSmsSender(outboxDir));
  const directDebit = createDirectDebitService({ db, users: usersRepository, payments, sms: smsSender, translator, clock });
  const moneyNotices = createMoneyNotices({
    notices: createMemberNotices({ reports: createReportsRepository(db), sites: stores.sites, mail: platform.mail, translator, urls: platform.siteUrls }),
    onError: (error) => console.error('money mail failed', error),
  });
  const transactions = createTransactionsService({
    db,
    users: usersRepository,
    providers,
    clock,
    events: paymentEvents,
    onProviderRefundFailed: (error) => console.error('provider refund failed', error),
    notices: moneyNotices,
  });
  return { demoPayments, providers, paymentEvents, chargebackEvents, discounts, payments, deletionOffer, directDebit, transactions, moneyNotices };
}

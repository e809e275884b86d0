import type { Language } from '../../../contract/locales';
import type { DirectDebitInput, DirectDebitResponse } from '../../../contract/payments';
import type { SmsSender } from '../../adapters/sms/sms.port';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { Executor } from '../../db/client';
import { createOrdersRepository, type OrdersRepository } from '../../db/repositories/orders.repository';
import { createSepaMandatesRepository, type SepaMandatesRepository } from '../../db/repositories/sepa-mandates.repository';
import type { OrderRow, SepaMandateRow, SiteRow } from '../../db/schema/index';
import type { Translator } from '../../i18n/translator';
import { AppError, throwFieldProblems, type FieldProblem } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { nextOrderStatus } from './order-status';
import type { OrdersService } from './orders.service';
import { generateSmsCode, hashSmsCode, isSameCode, maskMobile, normalizeMobile, normalizeSepaIban } from './sepa-fields';

/** A code is good for ten minutes … */
export const SMS_CODE_TTL_MS = 10 * 60_000;
/** … and five wrong guesses; after that only a new code helps. */
export const MAX_CODE_ATTEMPTS = 5;
/** A new code at most once a minute … */
export const RESEND_INTERVAL_MS = 60_000;
/** … and five times after the first one. */
export const MAX_RESENDS = 5;
const MAX_SENDS = 1 + MAX_RESENDS;

type MandateInput = Extract<DirectDebitInput, { action: 'mandate' }>;
type ConfirmInput = Extract<DirectDebitInput, { action: 'confirm' }>;
type ResendInput = Extract<DirectDebitInput, { action: 'resend' }>;

/** The first moment of the clock's calendar month (UTC): the limit counts per calendar month. */
const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * SEPA direct debit on the site's own form (spec §2 directdebit, §5 SEPA): the member gives a
 * mandate, proves the mobile number with a code sent by SMS, and the confirmed mandate pays the
 * order. Crediting goes through the orders service, which credits a paid order exactly once.
 */
export function createDirectDebitService(deps: {
  db: Executor;
  users: UsersRepository;
  payments: OrdersService;
  sms: SmsSender;
  translator: Translator;
  clock: Clock;
}) {
  const { db, clock, payments } = deps;
  const mandates: SepaMandatesRepository = createSepaMandatesRepository(db);
  const orders: OrdersRepository = createOrdersRepository(db);

  /** The member's own open direct-debit order; someone else's is as unknown as a missing one. */
  async function openOrder(memberId: number, orderId: number): Promise<OrderRow> {
    const record = await orders.findForMember(memberId, orderId);
    if (!record || record.order.paymentMethod !== 'directdebit') throw new AppError('not_found');
    const { status } = record.order;
    if (status === 'paid') throw new AppError('not_found', { detail: `order ${orderId} is paid already` });
    if (status !== 'open' && status !== 'pending') throw new AppError('payment_failed');
    return record.order;
  }

  async function ownMandate(memberId: number, mandateId: number): Promise<SepaMandateRow> {
    const mandate = await mandates.findForMember(memberId, mandateId);
    if (!mandate) throw new AppError('not_found');
    return mandate;
  }

  /** Refuses when this order would take the member's direct debits this month past the site's limit. */
  async function checkMonthlyLimit(repository: OrdersRepository, site: SiteRow, order: OrderRow) {
    const earlier = await repository.directDebitTotalSince(order.userId!, startOfMonth(clock.now()), order.currency);
    if (earlier + order.amount > site.directDebitMonthlyLimit) throw new AppError('direct_debit_limit_reached');
  }

  async function sendCode(site: SiteRow, mobile: string, code: string, language: Language) {
    const text = deps.translator.forLanguage(language)('directdebit.sms_text', { site: site.name, code });
    try {
      await deps.sms.send({ to: mobile, text, kind: 'sepa_mandate_code' });
    } catch (error) {
      throw new AppError('payment_provider_unavailable', { detail: `SMS not sent: ${String(error)}` });
    }
  }

  async function answer(site: SiteRow, memberId: number, mandate: SepaMandateRow): Promise<DirectDebitResponse> {
    const { order } = await payments.status(site, memberId, mandate.orderId);
    return { mandate_id: mandate.id, sms_sent_to: maskMobile(mandate.mobile), order };
  }

  /** Checks and stores the mandate and texts the code; sending the form again replaces the details. */
  async function submitMandate(site: SiteRow, memberId: number, input: MandateInput, language: Language): Promise<DirectDebitResponse> {
    const order = await openOrder(memberId, input.order_id);
    const member = await deps.users.findById(memberId);
    if (!member) throw new AppError('authentication_required');
    if (member.directDebitBlocked) throw new AppError('direct_debit_blocked');

    const iban = normalizeSepaIban(input.iban);
    const mobile = normalizeMobile(input.mobile);
    const problems: FieldProblem[] = [];
    if (!iban) problems.push({ field: 'iban', code: 'iban_invalid' });
    if (!mobile) problems.push({ field: 'mobile', code: 'mobile_invalid' });
    if (!input.consent) problems.push({ field: 'consent', code: 'mandate_consent_required' });
    throwFieldProblems(problems);
    await checkMonthlyLimit(orders, site, order);

    const code = generateSmsCode();
    const now = clock.now();
    const details = {
      accountHolder: input.account_holder,
      iban: iban!,
      street: input.street,
      houseNumber: input.house_number,
      postalCode: input.postal_code,
      city: input.city,
      mobile: mobile!,
      smsCodeHash: hashSmsCode(code),
      smsSentAt: now,
    };
    const earlier = await mandates.findUnconfirmedForOrder(memberId, order.id);
    // Sending the form again counts as one more SMS, so it cannot get round the resend cap.
    const mandate = earlier
      ? await mandates.replaceDetails(earlier.id, details, MAX_SENDS)
      : await mandates.insert({ ...details, userId: memberId, orderId: order.id, createdAt: now });
    if (!mandate) throw new AppError('sms_resend_limit');
    await sendCode(site, mandate.mobile, code, language);
    return answer(site, memberId, mandate);
  }

  /**
   * Confirms the mandate with the texted code and pays the order. Sent twice, the second call
   * answers like the first: the mandate is confirmed once and the order credited once.
   */
  async function confirm(site: SiteRow, memberId: number, input: ConfirmInput): Promise<DirectDebitResponse> {
    const mandate = await ownMandate(memberId, input.mandate_id);
    const invalid = () => new AppError('sms_code_invalid', { fields: [{ field: 'code', code: 'sms_code_invalid' }] });
    if (!mandate.confirmedAt) {
      const expired = clock.now().getTime() - mandate.smsSentAt.getTime() > SMS_CODE_TTL_MS;
      // A used-up or expired code is refused even when right: only a new code helps then.
      if (expired || mandate.failedAttempts >= MAX_CODE_ATTEMPTS) throw invalid();
      if (!isSameCode(input.code, mandate.smsCodeHash)) {
        await mandates.recordFailedAttempt(mandate.id, MAX_CODE_ATTEMPTS);
        throw invalid();
      }
      await confirmOnce(site, memberId, mandate);
    } else if (!isSameCode(input.code, mandate.smsCodeHash)) {
      throw invalid();
    }
    // Also after a crash between the two steps: the mandate is confirmed, so the order is paid.
    await payments.applyReport(mandate.orderId, 'paid', 'return');
    return answer(site, memberId, mandate);
  }

  /**
   * Marks the mandate confirmed and the order pending in one transaction, under a lock on the
   * member: two orders confirmed at once cannot both slip under the monthly limit. The order is
   * locked before the member, in the same order as crediting does, so the two cannot deadlock.
   */
  async function confirmOnce(site: SiteRow, memberId: number, mandate: SepaMandateRow) {
    await db.transaction(async (tx) => {
      const txMandates = createSepaMandatesRepository(tx);
      const txOrders = createOrdersRepository(tx);
      const order = await txOrders.lock(mandate.orderId);
      if (!order || order.userId !== memberId) throw new AppError('not_found');
      const member = await txMandates.lockMember(memberId);
      if (!member) throw new AppError('authentication_required');
      if (member.directDebitBlocked) throw new AppError('direct_debit_blocked');
      if (order.status === 'paid') return;
      if (order.status !== 'open' && order.status !== 'pending') throw new AppError('payment_failed');
      await checkMonthlyLimit(txOrders, site, order);
      const now = clock.now();
      if (!(await txMandates.markConfirmed(mandate.id, now))) return;
      const next = nextOrderStatus(order.status, 'pending');
      await txOrders.setStatus(order.id, next, now);
      await txOrders.recordEvent({ orderId: order.id, source: 'return', reportedStatus: 'pending', resultingStatus: next, receivedAt: now });
    });
  }

  /** A new code for the mandate, at most once a minute and five times. */
  async function resend(site: SiteRow, memberId: number, input: ResendInput, language: Language): Promise<DirectDebitResponse> {
    const mandate = await ownMandate(memberId, input.mandate_id);
    if (mandate.confirmedAt) return answer(site, memberId, mandate);
    await openOrder(memberId, mandate.orderId);
    const code = generateSmsCode();
    const now = clock.now();
    const updated = await mandates.recordResend(mandate.id, hashSmsCode(code), now, {
      notSentAfter: new Date(now.getTime() - RESEND_INTERVAL_MS),
      maxSends: MAX_SENDS,
    });
    if (!updated) throw new AppError('sms_resend_limit');
    await sendCode(site, updated.mobile, code, language);
    return answer(site, memberId, updated);
  }

  /**
   * The mandate on the member's open order that waits for its texted code, answered as the
   * form's first step was; null when there is none (no details sent yet, confirmed, or the
   * order has ended). A reload of the form goes on at the code step with it.
   */
  async function findPending(site: SiteRow, memberId: number, orderId: number): Promise<DirectDebitResponse | null> {
    const record = await orders.findForMember(memberId, orderId);
    if (!record || record.order.paymentMethod !== 'directdebit') return null;
    if (record.order.status !== 'open' && record.order.status !== 'pending') return null;
    const mandate = await mandates.findUnconfirmedForOrder(memberId, orderId);
    return mandate ? answer(site, memberId, mandate) : null;
  }

  return {
    submitMandate,
    confirm,
    resend,
    findPending,

    /** `POST /api/directdebit.php`: one step of the form. */
    handle(site: SiteRow, memberId: number, input: DirectDebitInput, language: Language): Promise<DirectDebitResponse> {
      switch (input.action) {
        case 'mandate':
          return submitMandate(site, memberId, input, language);
        case 'confirm':
          return confirm(site, memberId, input);
        case 'resend':
          return resend(site, memberId, input, language);
      }
    },
  };
}

export type DirectDebitService = ReturnType<typeof createDirectDebitService>;

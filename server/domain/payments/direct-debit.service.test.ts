import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createRecordingSmsSender } from '../../../tests/setup/recording-sms';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { orders, sepaMandates, users, type SiteRow } from '../../db/schema/index';
import { MAX_CODE_ATTEMPTS, MAX_RESENDS, RESEND_INTERVAL_MS, SMS_CODE_TTL_MS } from './direct-debit.service';
import { failure } from '../../../tests/setup/failure';

const sms = createRecordingSmsSender();
let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ services: { smsSender: sms } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Lovely Dates', directDebitMonthlyLimit: 15_000 });
});
afterAll(async () => {
  // Balance updates go out to the realtime bus after commit, unawaited: let the last ones land first.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await ctx.close();
});

let next = 0;
const clientId = () => `sepa-client-${++next}`;

async function member(options: { blocked?: boolean } = {}) {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  // Signed up long ago: no welcome discount or time bonus, so prices are list prices.
  const createdAt = new Date(ctx.clock.now().getTime() - 30 * 24 * 3_600_000);
  await ctx.db
    .update(users)
    .set({ createdAt, directDebitBlocked: options.blocked ?? false })
    .where(eq(users.id, user.id));
  return user.id;
}

/** A SEPA order for one of the site's bundles (index 3 is 750 credits for 79.95 EUR). */
async function sepaOrder(memberId: number, bundleIndex = 1) {
  const { bundles } = await ctx.services.payments.listBundles(site, memberId, null);
  return ctx.services.payments.start(site, memberId, { bundle_id: bundles[bundleIndex].id, payment_method: 'directdebit', client_id: clientId() }, null);
}

const mandateInput = (orderId: number, overrides: Record<string, unknown> = {}) => ({
  action: 'mandate' as const,
  order_id: orderId,
  account_holder: 'Anna de Vries',
  iban: 'nl91 abna 0417 1643 00',
  street: 'Damrak',
  house_number: '12a',
  postal_code: '1012 LG',
  city: 'Amsterdam',
  mobile: '+31 6 1234 5678',
  consent: true,
  ...overrides,
});

const dd = () => ctx.services.directDebit;
const mandate = (memberId: number, orderId: number, overrides: Record<string, unknown> = {}) =>
  dd().handle(site, memberId, mandateInput(orderId, overrides), 'en');
const confirm = (memberId: number, mandateId: number, code: string) => dd().handle(site, memberId, { action: 'confirm', mandate_id: mandateId, code }, 'en');
const resend = (memberId: number, mandateId: number) => dd().handle(site, memberId, { action: 'resend', mandate_id: mandateId }, 'en');
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function balanceOf(memberId: number) {
  const [row] = await ctx.db.select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row;
}

describe('directDebit: the order', () => {
  it('sends a SEPA order to the site’s own form, not to a payment provider', async () => {
    const memberId = await member();
    const { order, redirect_url } = await sepaOrder(memberId);
    expect(redirect_url).toBe(`/directdebit?order=${order.id}`);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ provider: 'sepa', providerPaymentId: null, status: 'open', paymentMethod: 'directdebit' });
  });
});

describe('directDebit.mandate', () => {
  it('stores the mandate with only a hash of the code and texts the code to the mobile number', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const answer = await mandate(memberId, order.id);
    expect(answer).toMatchObject({ sms_sent_to: '••••••••678', order: { id: order.id, status: 'open', credits: 125 } });

    const last = sms.sent.at(-1)!;
    expect(last).toMatchObject({ to: '+31612345678', kind: 'sepa_mandate_code' });
    const code = sms.lastCode();
    expect(last.text).toBe(`Your Lovely Dates code: ${code}`);
    const [row] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, answer.mandate_id));
    expect(row).toMatchObject({
      userId: memberId,
      orderId: order.id,
      iban: 'NL91ABNA0417164300',
      postalCode: '1012 LG',
      smsSendCount: 1,
      failedAttempts: 0,
      confirmedAt: null,
    });
    expect(row.smsCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.smsCodeHash).not.toContain(code);
  });

  it('refuses an IBAN with a wrong check digit, one outside SEPA, a bad mobile number and a missing consent, each at its field', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const sentBefore = sms.sent.length;
    const wrongDigit = await failure(mandate(memberId, order.id, { iban: 'NL91ABNA0417164301' }));
    expect(wrongDigit.code).toBe('iban_invalid');
    expect(wrongDigit.fields).toEqual([{ field: 'iban', code: 'iban_invalid' }]);
    // A valid Brazilian IBAN: the checksum holds, but SEPA cannot debit it.
    expect((await failure(mandate(memberId, order.id, { iban: 'BR1800360305000010009795493C1' }))).code).toBe('iban_invalid');
    expect((await failure(mandate(memberId, order.id, { consent: false }))).code).toBe('mandate_consent_required');
    const all = await failure(mandate(memberId, order.id, { iban: 'NL00 0000', mobile: 'call me maybe', consent: false }));
    expect(all.fields.map((field) => field.field)).toEqual(['iban', 'mobile', 'consent']);
    expect(sms.sent.length).toBe(sentBefore);
    // A German IBAN in the friendly format is fine.
    await expect(mandate(memberId, order.id, { iban: 'DE89 3704 0044 0532 0130 00' })).resolves.toMatchObject({ order: { id: order.id } });
  });

  it('refuses a member an operator blocked for direct debit', async () => {
    const memberId = await member({ blocked: true });
    const { order } = await sepaOrder(memberId);
    expect((await failure(mandate(memberId, order.id))).code).toBe('direct_debit_blocked');
  });

  it('refuses an order that would take the month’s direct debits past the site’s limit, and counts again next month', async () => {
    const memberId = await member();
    // Open and failed orders do not count: only pending and paid ones.
    await mandate(memberId, (await sepaOrder(memberId, 3)).order.id);
    const first = await sepaOrder(memberId, 3);
    const { mandate_id } = await mandate(memberId, first.order.id);
    await confirm(memberId, mandate_id, sms.lastCode());

    const second = await sepaOrder(memberId, 3);
    expect((await failure(mandate(memberId, second.order.id))).code).toBe('direct_debit_limit_reached');
    // 79.95 + 19.95 stays under 150.00.
    await expect(mandate(memberId, (await sepaOrder(memberId, 1)).order.id)).resolves.toBeTruthy();

    ctx.clock.advance(20 * 24 * 3_600_000); // 15 January → 4 February
    const nextMonth = await sepaOrder(memberId, 3);
    await expect(mandate(memberId, nextMonth.order.id)).resolves.toBeTruthy();
  });

  it('checks the limit again on confirmation, when another order was paid in between', async () => {
    const memberId = await member();
    const [a, b] = [await sepaOrder(memberId, 3), await sepaOrder(memberId, 3)];
    const mandateA = await mandate(memberId, a.order.id);
    const codeA = sms.lastCode();
    const mandateB = await mandate(memberId, b.order.id);
    const codeB = sms.lastCode();
    await confirm(memberId, mandateA.mandate_id, codeA);
    expect((await failure(confirm(memberId, mandateB.mandate_id, codeB))).code).toBe('direct_debit_limit_reached');
    expect((await balanceOf(memberId)).credits).toBe(750);
  });

  it('replaces the details when the form is sent again, counting it as one more code', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const first = await mandate(memberId, order.id);
    const oldCode = sms.lastCode();
    const again = await mandate(memberId, order.id, { mobile: '0031 6 9999 0000', city: 'Utrecht' });
    expect(again.mandate_id).toBe(first.mandate_id);
    expect(sms.sent.at(-1)!.to).toBe('+31699990000');
    const [row] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, first.mandate_id));
    expect(row).toMatchObject({ city: 'Utrecht', smsSendCount: 2 });
    if (oldCode !== sms.lastCode()) expect((await failure(confirm(memberId, first.mandate_id, oldCode))).code).toBe('sms_code_invalid');
  });

  it('answers a gateway failure with a clear error, and the member can send the form again', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    sms.failNext();
    expect((await failure(mandate(memberId, order.id))).code).toBe('payment_provider_unavailable');
    const { mandate_id } = await mandate(memberId, order.id);
    await expect(confirm(memberId, mandate_id, sms.lastCode())).resolves.toMatchObject({ order: { status: 'paid' } });
  });
});

describe('directDebit.confirm', () => {
  it('refuses a wrong code with "Code invalid" and counts the attempt', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const { mandate_id } = await mandate(memberId, order.id);
    const error = await failure(confirm(memberId, mandate_id, wrongCode(sms.lastCode())));
    expect(error.code).toBe('sms_code_invalid');
    expect(error.fields).toEqual([{ field: 'code', code: 'sms_code_invalid' }]);
    const [row] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, mandate_id));
    expect(row.failedAttempts).toBe(1);
    expect(ctx.services.translator.forLanguage('en')('errors.sms_code_invalid')).toBe('Code invalid');
  });

  it('voids the code after five wrong attempts, until a new one is sent', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const { mandate_id } = await mandate(memberId, order.id);
    const code = sms.lastCode();
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++)
      expect((await failure(confirm(memberId, mandate_id, wrongCode(code)))).code).toBe('sms_code_invalid');
    expect((await failure(confirm(memberId, mandate_id, code))).code).toBe('sms_code_invalid');
    const [row] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, mandate_id));
    expect(row.failedAttempts).toBe(MAX_CODE_ATTEMPTS);

    ctx.clock.advance(RESEND_INTERVAL_MS);
    await resend(memberId, mandate_id);
    await expect(confirm(memberId, mandate_id, sms.lastCode())).resolves.toMatchObject({ order: { status: 'paid' } });
  });

  it('lets a code expire after ten minutes', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const { mandate_id } = await mandate(memberId, order.id);
    const code = sms.lastCode();
    ctx.clock.advance(SMS_CODE_TTL_MS + 1_000);
    expect((await failure(confirm(memberId, mandate_id, code))).code).toBe('sms_code_invalid');
    await resend(memberId, mandate_id);
    ctx.clock.advance(SMS_CODE_TTL_MS - 1_000);
    await expect(confirm(memberId, mandate_id, sms.lastCode())).resolves.toMatchObject({ order: { status: 'paid' } });
  });

  it('pays the order and credits it exactly once, however often the right code is sent', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const { mandate_id } = await mandate(memberId, order.id);
    const code = sms.lastCode();
    const answers = await Promise.all([confirm(memberId, mandate_id, code), confirm(memberId, mandate_id, code)]);
    expect(answers.map((answer) => answer.order.status)).toEqual(['paid', 'paid']);
    const again = await confirm(memberId, mandate_id, code);
    expect(again.order).toMatchObject({ status: 'paid', credits: 125 });
    expect(again.order.credited_at).not.toBeNull();
    expect(await balanceOf(memberId)).toEqual({ credits: 125, paidUser: true });
    // Confirmed is confirmed: a wrong code now is still wrong, and sending a new code does nothing.
    expect((await failure(confirm(memberId, mandate_id, wrongCode(code)))).code).toBe('sms_code_invalid');
    const sentBefore = sms.sent.length;
    await expect(resend(memberId, mandate_id)).resolves.toMatchObject({ order: { status: 'paid' } });
    expect(sms.sent.length).toBe(sentBefore);
    const [row] = await ctx.db.select().from(sepaMandates).where(eq(sepaMandates.id, mandate_id));
    expect(row.confirmedAt).not.toBeNull();
    // A paid order takes no new mandate.
    expect((await failure(mandate(memberId, order.id))).code).toBe('not_found');
  });
});

describe('directDebit.resend', () => {
  it('sends a new code at most once a minute and five times', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    const { mandate_id } = await mandate(memberId, order.id);
    const first = sms.lastCode();
    expect((await failure(resend(memberId, mandate_id))).code).toBe('sms_resend_limit');
    for (let count = 0; count < MAX_RESENDS; count++) {
      ctx.clock.advance(RESEND_INTERVAL_MS);
      await resend(memberId, mandate_id);
    }
    ctx.clock.advance(RESEND_INTERVAL_MS);
    expect((await failure(resend(memberId, mandate_id))).code).toBe('sms_resend_limit');
    // Sending the form again does not get round the cap either.
    expect((await failure(mandate(memberId, order.id))).code).toBe('sms_resend_limit');
    // Only the newest code works.
    if (first !== sms.lastCode()) expect((await failure(confirm(memberId, mandate_id, first))).code).toBe('sms_code_invalid');
    await expect(confirm(memberId, mandate_id, sms.lastCode())).resolves.toMatchObject({ order: { status: 'paid' } });
  });
});

describe('directDebit: owner scoping', () => {
  it('treats another member’s order and mandate, and an order paid another way, as unknown', async () => {
    const owner = await member();
    const stranger = await member();
    const { order } = await sepaOrder(owner);
    const { mandate_id } = await mandate(owner, order.id);
    const code = sms.lastCode();
    expect((await failure(mandate(stranger, order.id))).code).toBe('not_found');
    expect((await failure(confirm(stranger, mandate_id, code))).code).toBe('not_found');
    expect((await failure(resend(stranger, mandate_id))).code).toBe('not_found');

    const { bundles } = await ctx.services.payments.listBundles(site, owner, null);
    const ideal = await ctx.services.payments.start(site, owner, { bundle_id: bundles[0].id, payment_method: 'ideal', client_id: clientId() }, null);
    expect((await failure(mandate(owner, ideal.order.id))).code).toBe('not_found');
    expect((await balanceOf(stranger)).credits).toBe(0);
    await expect(confirm(owner, mandate_id, code)).resolves.toMatchObject({ order: { status: 'paid' } });
  });
});

describe('directDebit.findPending', () => {
  it('gives the mandate waiting for its code, so a reload of the form goes on at the code step', async () => {
    const memberId = await member();
    const { order } = await sepaOrder(memberId);
    expect(await dd().findPending(site, memberId, order.id)).toBeNull();

    const sent = await mandate(memberId, order.id);
    const pending = await dd().findPending(site, memberId, order.id);
    expect(pending).toEqual(sent);
    expect(pending!.sms_sent_to).not.toContain('12345678');
  });

  it('gives nothing for another member’s order, nor once the mandate is confirmed', async () => {
    const [memberId, other] = await Promise.all([member(), member()]);
    const { order } = await sepaOrder(memberId);
    const sent = await mandate(memberId, order.id);
    expect(await dd().findPending(site, other, order.id)).toBeNull();

    await confirm(memberId, sent.mandate_id, sms.lastCode());
    expect(await dd().findPending(site, memberId, order.id)).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createRecordingSmsSender } from '../../../../tests/setup/recording-sms';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { users, type SiteRow } from '../../../db/schema/index';

const sms = createRecordingSmsSender();
let ctx: TestContext;
let site: SiteRow;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
let support: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext({ services: { smsSender: sms } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = await createStaffMember(ctx, 'admin');
  support = await createStaffMember(ctx, 'support');
});
afterAll(() => ctx.close());

let next = 0;
const today = () => ctx.clock.now().toISOString().slice(0, 10);

/** A member's order paid by the site's own SEPA mandate, and one left open for iDEAL. */
async function orders() {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  const { bundles } = await ctx.services.payments.listBundles(site, user.id, null);
  const start = (method: 'directdebit' | 'ideal') =>
    ctx.services.payments.start(site, user.id, { bundle_id: bundles[0].id, payment_method: method, client_id: `http-return-${++next}` }, null);
  const sepa = (await start('directdebit')).order;
  const { mandate_id } = await ctx.services.directDebit.handle(
    site,
    user.id,
    {
      action: 'mandate',
      order_id: sepa.id,
      account_holder: 'Jan Jansen',
      iban: 'NL91ABNA0417164300',
      street: 'Dam',
      house_number: '1',
      postal_code: '1012 JS',
      city: 'Amsterdam',
      mobile: `+31 6 5555 ${String(1000 + next)}`,
      consent: true,
    },
    'en',
  );
  await ctx.services.directDebit.handle(site, user.id, { action: 'confirm', mandate_id, code: sms.lastCode() }, 'en');
  return { sepa: sepa.id, card: (await start('ideal')).order.id, email: user.email };
}

const book = (orderId: number, cookies: Record<string, string> | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/sepa-return`, cookies, payload: payload as Record<string, unknown> });

describe('POST /api/admin/orders/:id/sepa-return', () => {
  it('needs money.write, a listed reason code and a date', async () => {
    const { sepa } = await orders();
    expect((await book(sepa, undefined, { reason_code: 'AM04', returned_on: today() })).statusCode).toBe(401);
    expect((await book(sepa, support.cookies, { reason_code: 'AM04', returned_on: today() })).statusCode).toBe(403);
    for (const bad of [{ reason_code: 'XX99', returned_on: today() }, { reason_code: 'AM04', returned_on: 'yesterday' }, { reason_code: 'AM04' }]) {
      const refused = await book(sepa, admin.cookies, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('validation_failed');
    }
  });

  it('books the return once and answers a repeat with the same return; refuses an order collected by a provider', async () => {
    const { sepa, card, email } = await orders();
    const first = await book(sepa, admin.cookies, { reason_code: 'MD06', returned_on: today() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ order_id: sepa, kind: 'return', reason_code: 'MD06', provider: 'sepa', reversed_credits: 50, debt_amount: 0 });
    const again = await book(sepa, admin.cookies, { reason_code: 'MD06', returned_on: today() });
    expect(again.json()).toEqual(first.json());
    // The member is told once, after the booking committed.
    await expect.poll(() => ctx.mailer.sent.filter((mail) => mail.to === email).length).toBe(1);

    const refused = await book(card, admin.cookies, { reason_code: 'MD06', returned_on: today() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'sepa_return_not_applicable',
      message: 'Only a paid order that the site collected itself by SEPA mandate can have a return booked.',
    });
    const future = await book(sepa, admin.cookies, { reason_code: 'MD06', returned_on: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('sepa_return_date_invalid');
  });
});

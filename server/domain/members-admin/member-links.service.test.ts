import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberListQuery } from '../../../contract/admin/members';
import { createVisibleMember, validSignup } from '../../../tests/factories/members';
import { createOrder } from '../../../tests/factories/orders';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { accountTraces, sepaMandates, type SiteRow } from '../../db/schema/index';
import type { ClientIdentity } from '../accounts/login-guard';
import type { AppError } from '../shared/app-error';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

/** A device cookie's value as the browser would send it: 43 base64url characters. */
const device = (letter: string) => letter.repeat(43);

/** Signs up from one client (the sign-up is recorded), then logs in from another (so is the log-in). */
async function signUpFrom(email: string, signup: ClientIdentity, login: ClientIdentity = signup) {
  const input = validSignup({ email });
  const { user } = await ctx.services.accounts.signup(site, input, {}, 'en', signup);
  await ctx.services.accounts.login(site, email, input.password!, { userAgent: 'test' }, login);
  return user.id;
}

async function mandateFor(userId: number, details: { iban: string; mobile: string }) {
  const order = await createOrder(ctx.db, { siteId: site.id, userId, createdAt: ctx.clock.now(), provider: 'sepa', paymentMethod: 'sepa' });
  await ctx.db.insert(sepaMandates).values({
    userId,
    orderId: order.id,
    accountHolder: 'Anna de Vries',
    ...details,
    street: 'Keizersgracht',
    houseNumber: '1',
    postalCode: '1015AA',
    city: 'Amsterdam',
    smsCodeHash: 'x',
    smsSentAt: ctx.clock.now(),
    createdAt: ctx.clock.now(),
  });
}

const search = async (q: string) => (await ctx.services.membersAdmin.search(MemberListQuery.parse({ q }), { offset: 0, limit: 26 }, null)).map((row) => row.id);

describe('linked accounts (issue 32)', () => {
  let anna: number;
  let sameIp: number;
  let sameDevice: number;
  let sameIban: number;
  let samePhone: number;
  let stranger: number;

  beforeAll(async () => {
    anna = await signUpFrom('anna@linked.example', { ip: '198.51.100.10', deviceId: device('a') });
    // Signed up elsewhere, then logged in from Anna's address in another browser, seen by a
    // dual-stack listener as IPv4 mapped into IPv6.
    sameIp = await signUpFrom('bert@linked.example', { ip: '203.0.113.4' }, { ip: '::ffff:198.51.100.10', deviceId: device('b') });
    sameDevice = await signUpFrom('carla@linked.example', { ip: '203.0.113.5', deviceId: device('a') });
    stranger = await signUpFrom('dora@elsewhere.example', { ip: '203.0.113.6', deviceId: device('d') });
    sameIban = (await createVisibleMember(ctx, site)).id;
    samePhone = (await createVisibleMember(ctx, site)).id;
    await mandateFor(anna, { iban: 'DE89370400440532013000', mobile: '+31612345678' });
    await mandateFor(sameIban, { iban: 'DE89370400440532013000', mobile: '+31699999999' });
    await mandateFor(samePhone, { iban: 'NL91ABNA0417164300', mobile: '+31612345678' });
  });

  it('names every other account that shares an IP, a device, an IBAN or a phone, and what it shares', async () => {
    const linked = await ctx.services.membersAdmin.linkedAccounts(anna, null);
    const shared = Object.fromEntries(linked.items.map((item) => [item.id, item.shared]));
    expect(shared).toEqual({ [sameIp]: ['ip'], [sameDevice]: ['device'], [sameIban]: ['iban'], [samePhone]: ['phone'] });
    expect(linked.has_more).toBe(false);
    expect(linked.items.find((item) => item.id === sameIp)).toMatchObject({ email: 'bert@linked.example', site_name: site.name, banned: false });
    // Links go both ways, and a stranger is linked to nobody.
    expect((await ctx.services.membersAdmin.linkedAccounts(sameDevice, null)).items.map((item) => item.id)).toEqual([anna]);
    expect((await ctx.services.membersAdmin.linkedAccounts(stranger, null)).items).toEqual([]);
  });

  it('keeps only keyed hashes, one row per member and value however often they log in', async () => {
    const rows = await ctx.db.select().from(accountTraces);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.valueHash))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('198.51.100.10');
    const before = rows.filter((row) => row.userId === anna).length;
    await ctx.services.accounts.login(site, 'anna@linked.example', 'correct horse battery', {}, { ip: '198.51.100.10', deviceId: device('a') });
    expect((await ctx.db.select().from(accountTraces)).filter((row) => row.userId === anna)).toHaveLength(before);
  });

  it('answers not found for a member who does not exist', async () => {
    const error = await ctx.services.membersAdmin.linkedAccounts(2_000_000_000, null).then(
      () => null,
      (failure: AppError) => failure,
    );
    expect(error?.code).toBe('not_found');
  });

  it('finds members by e-mail domain, IP address, IBAN, mobile number and payment id', async () => {
    expect((await search('@linked.example')).sort()).toEqual([anna, sameIp, sameDevice].sort());
    expect((await search('198.51.100.10')).sort()).toEqual([anna, sameIp].sort());
    expect(await search('203.0.113.99')).toEqual([]);
    expect((await search('de89 3704 0044 0532 0130 00')).sort()).toEqual([anna, sameIban].sort());
    expect((await search('+31 6 1234 5678')).sort()).toEqual([anna, samePhone].sort());
    const order = await createOrder(ctx.db, { siteId: site.id, userId: stranger, createdAt: ctx.clock.now(), providerPaymentId: 'tr_LinkedPay42' });
    expect(await search(order.providerPaymentId!)).toEqual([stranger]);
  });
});

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createOrder } from '../../../tests/factories/orders';
import { createSite } from '../../../tests/factories/sites';
import { testEnv } from '../../../tests/setup/test-env';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { discountCodes, discountRedemptions, discountReservations, orders, users, type DiscountCodeRow, type SiteRow } from '../../db/schema/index';
import type { AppError } from '../shared/app-error';

/**
 * Issue 30: a single-use discount is held by the order that was made with it, from the order's
 * creation to its end, and whatever races for it — orders opened at once, webhooks replayed or
 * out of order — it is granted once.
 */
const deliveries: { body: string; headers: Record<string, string> }[] = [];

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({
    services: {
      demoWebhookDelivery: async (_url, body, headers) => {
        deliveries.push({ body, headers });
      },
    },
  });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, welcomeDiscountHours: 72, welcomeDiscountPercentage: 30 });
});
afterAll(() => ctx.close());

let next = 0;
const clientId = () => `reservation-client-${++next}`;
/**
 * Orders opened at once for one code. PostgreSQL runs them truly side by side; PGlite, one
 * connection, runs them one after another, where six show the same rule as 24 at a quarter of the
 * time (the PGlite file ran 137 s in a loaded CI run).
 */
const ATTEMPTS = testEnv.engine === 'postgres' ? 24 : 6;

/** A member who signed up long enough ago that no welcome discount or time bonus applies, unless told. */
async function member(signedUpHoursAgo = 24 * 30) {
  const user = await createVisibleMember(ctx, site, { country: 'NL' });
  await ctx.db
    .update(users)
    .set({ createdAt: new Date(ctx.clock.now().getTime() - signedUpHoursAgo * 3_600_000) })
    .where(eq(users.id, user.id));
  return user.id;
}

async function code(validity: DiscountCodeRow['validity'], valuePercentage = 50) {
  const [row] = await ctx.db
    .insert(discountCodes)
    .values({ code: `RACE${++next}`, valuePercentage, validity, createdAt: ctx.clock.now() })
    .returning();
  return row;
}

async function bundleId(memberId: number) {
  return (await ctx.services.payments.listBundles(site, memberId, null)).bundles[1].id;
}

/** Starts `count` orders at once; answers each with its order id or its error code. */
async function startAtOnce(starts: { memberId: number; code?: string }[]) {
  const bundles = new Map<number, number>();
  for (const { memberId } of starts) if (!bundles.has(memberId)) bundles.set(memberId, await bundleId(memberId));
  const settled = await Promise.allSettled(
    starts.map(({ memberId, code: typed }) =>
      ctx.services.payments.start(
        site,
        memberId,
        { bundle_id: bundles.get(memberId)!, payment_method: 'ideal', client_id: clientId(), discount_code: typed },
        null,
      ),
    ),
  );
  return settled.map((outcome) =>
    outcome.status === 'fulfilled'
      ? { orderId: outcome.value.order.id, price: outcome.value.order.price.amount }
      : { error: (outcome.reason as AppError).code },
  );
}

const paymentIdOf = async (orderId: number) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0].providerPaymentId!;

/** Pays through the demo checkout and hands every webhook it sent to the app, each twice and at once. */
async function payThroughWebhooks(orderIds: number[]) {
  for (const orderId of orderIds) await ctx.services.demoPayments.choose(await paymentIdOf(orderId), 'paid');
  const sent = deliveries.splice(0);
  const inject = (delivery: (typeof sent)[number]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      payload: delivery.body,
      headers: { 'content-type': 'application/json', ...delivery.headers },
    });
  const responses = await Promise.all([...sent, ...sent].map(inject));
  expect(responses.every((response) => response.statusCode === 200)).toBe(true);
}

/** The orders among these that got a discount (a redemption of any code). */
async function discountedAmong(orderIds: number[]) {
  const rows = await ctx.db.select().from(discountRedemptions);
  return rows.filter((row) => orderIds.includes(row.orderId!)).map((row) => row.orderId);
}

async function ownersOf(orderIds: number[]) {
  const rows = orderIds.length ? await ctx.db.select({ userId: orders.userId }).from(orders).where(inArray(orders.id, orderIds)) : [];
  return rows.map((row) => row.userId).sort();
}

async function grantedOrders(codeIds: number[]) {
  const rows = await ctx.db.select().from(discountRedemptions);
  return rows.filter((row) => codeIds.includes(row.codeId)).map((row) => row.orderId);
}

async function balanceOf(memberId: number) {
  const [row] = await ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  expect(await createCreditsRepository(ctx.db).sumForUser(memberId)).toBe(row.credits);
  return row.credits;
}

const opened = (results: Awaited<ReturnType<typeof startAtOnce>>) => results.flatMap((result) => (result.orderId === undefined ? [] : [result.orderId]));
const refusals = (results: Awaited<ReturnType<typeof startAtOnce>>) => results.flatMap((result) => (result.error === undefined ? [] : [result.error]));
/** The one order a start made. */
const openedOne = (results: Awaited<ReturnType<typeof startAtOnce>>) => {
  const [orderId, ...more] = opened(results);
  expect(orderId).toBeDefined();
  expect(more).toEqual([]);
  return orderId!;
};

describe('payments.start with a single-use discount', () => {
  it(`lets one of ${ATTEMPTS} orders opened at once hold a 'once' code, and grants it once when all are paid`, async () => {
    const once = await code('once');
    const members = await Promise.all(Array.from({ length: ATTEMPTS }, () => member()));
    const results = await startAtOnce(members.map((memberId) => ({ memberId, code: once.code })));
    const holders = opened(results);
    expect(holders).toHaveLength(1);
    expect(refusals(results)).toEqual(Array.from({ length: ATTEMPTS - 1 }, () => 'discount_code_reserved'));

    await payThroughWebhooks(holders);
    expect(await grantedOrders([once.id])).toEqual(holders);
    const holder = members[results.findIndex((result) => result.orderId !== undefined)]!;
    expect(await balanceOf(holder)).toBe(125);
    // Used now, not only held.
    expect(refusals(await startAtOnce([{ memberId: (members[0] === holder ? members[1] : members[0])!, code: once.code }]))).toEqual(['discount_code_used']);
  });

  it(`lets a member hold a 'once-per-user' code in one of ${ATTEMPTS} orders at a time, each member their own`, async () => {
    const perUser = await code('once-per-user', 20);
    const [anna, ben] = await Promise.all([member(), member()]);
    const results = await startAtOnce([
      ...Array.from({ length: ATTEMPTS }, () => ({ memberId: anna, code: perUser.code })),
      ...Array.from({ length: ATTEMPTS }, () => ({ memberId: ben, code: perUser.code })),
    ]);
    // A member's newer order takes the hold over from their own older one; a race that loses is refused.
    const holders = opened(results);
    expect(holders.length).toBeGreaterThanOrEqual(2);
    expect(refusals(results).every((error) => error === 'discount_code_reserved')).toBe(true);

    await payThroughWebhooks(holders);
    const granted = await grantedOrders([perUser.id]);
    expect(await ownersOf(granted)).toEqual([anna, ben].sort());
    // The other paid orders got what their price buys at the list price; every balance is its ledger.
    expect((await balanceOf(anna)) + (await balanceOf(ben))).toBeGreaterThanOrEqual(250);
    expect(refusals(await startAtOnce([{ memberId: anna, code: perUser.code }]))).toEqual(['discount_code_used']);
  });

  it(`gives a member their welcome discount in one of ${ATTEMPTS} orders opened at once, typed or applied by itself`, async () => {
    // Past the 4-hour time bonus, within the site's 72 welcome hours.
    const newcomers = await Promise.all([member(5), member(5)]);
    const starts = newcomers.flatMap((memberId) => Array.from({ length: ATTEMPTS / 2 }, () => ({ memberId })));
    const results = await startAtOnce(starts);
    const holders = opened(results);
    expect(holders.length).toBeGreaterThanOrEqual(2);
    expect(new Set(results.flatMap((result) => (result.price === undefined ? [] : [result.price])))).toEqual(new Set([1396]));
    expect(refusals(results).every((error) => error === 'discount_code_reserved')).toBe(true);

    // The welcome code typed in takes the hold over from the member's own unfinished order.
    const welcome = (await ctx.services.payments.discountCode(site, newcomers[0], { welcome: 'true' }, null)).discountcode!;
    const typed = openedOne(await startAtOnce([{ memberId: newcomers[0], code: welcome.code }]));

    const paid = [...holders, typed];
    await payThroughWebhooks(paid);
    // One first-purchase discount per member, however many of their orders were paid.
    expect(await ownersOf(await discountedAmong(paid))).toEqual([...newcomers].sort());
    for (const memberId of newcomers) expect(await balanceOf(memberId)).toBeGreaterThanOrEqual(125);
    // Paid members have no welcome discount left: a new order is at the list price.
    expect((await startAtOnce([{ memberId: newcomers[0] }]))[0]).toMatchObject({ price: 1995 });
  });

  it('lets the time bonus and the welcome code share one first purchase', async () => {
    const newcomer = await member(1);
    const [timeBonus] = await startAtOnce([{ memberId: newcomer }]);
    expect(timeBonus).toMatchObject({ price: 1496 });
    ctx.clock.advance(4 * 3_600_000);
    // The welcome code now applies by itself and takes the first purchase over from the time bonus's order.
    const welcomeOrder = openedOne(await startAtOnce([{ memberId: newcomer }]));
    await payThroughWebhooks([timeBonus.orderId!, welcomeOrder]);
    // Both paid: the first one paid got the member's one first-purchase discount.
    expect(await discountedAmong([timeBonus.orderId!, welcomeOrder])).toHaveLength(1);
  });
});

describe('member codes made twice', () => {
  it('lets two welcome codes or two stay codes of one member, made by racing first asks, be used once', async () => {
    const newcomer = await member(5);
    const memberCodes = await ctx.db
      .insert(discountCodes)
      .values(
        (['welcome', 'welcome', 'delete_discount', 'delete_discount'] as const).map((kind) => ({
          code: `TWICE${++next}`,
          kind,
          userId: newcomer,
          valuePercentage: 30,
          createdAt: ctx.clock.now(),
        })),
      )
      .returning();
    const welcome = opened(await startAtOnce(memberCodes.slice(0, 2).map((row) => ({ memberId: newcomer, code: row.code }))));
    const stay = opened(await startAtOnce(memberCodes.slice(2).map((row) => ({ memberId: newcomer, code: row.code }))));
    // The welcome orders are paid first: a stay order credited before them would make theirs no
    // longer a first purchase, and rightly leave both welcome orders without the discount.
    await payThroughWebhooks(welcome);
    await payThroughWebhooks(stay);
    // One of the two welcome codes' orders and one of the two stay codes' orders got a discount.
    expect(await discountedAmong(welcome)).toHaveLength(1);
    expect(await discountedAmong(stay)).toHaveLength(1);
  });
});

describe('a reservation released', () => {
  it('frees the code when the holding order fails, and when it expires', async () => {
    const once = await code('once');
    const [first, second, third] = await Promise.all([member(), member(), member()]);
    const failing = openedOne(await startAtOnce([{ memberId: first, code: once.code }]));
    await ctx.services.demoPayments.choose(await paymentIdOf(failing), 'failed');
    await payThroughWebhooks([]);
    const expiring = openedOne(await startAtOnce([{ memberId: second, code: once.code }]));
    ctx.clock.advance(25 * 3_600_000);
    await ctx.services.payments.expireIfUnpaid(expiring);
    const paying = openedOne(await startAtOnce([{ memberId: third, code: once.code }]));
    await payThroughWebhooks([paying]);
    expect(await grantedOrders([once.id])).toEqual([paying]);
  });

  it('keeps the discount of an order paid late when nobody took the code meanwhile', async () => {
    const once = await code('once');
    const memberId = await member();
    const orderId = openedOne(await startAtOnce([{ memberId, code: once.code }]));
    await ctx.services.payments.applyReport(orderId, 'expired', 'poll');
    await ctx.services.payments.applyReport(orderId, 'paid', 'webhook');
    expect(await grantedOrders([once.id])).toEqual([orderId]);
    expect(await balanceOf(memberId)).toBe(125);
  });

  it('credits an order paid late after another order took its code with what the price paid buys, and grants the code once', async () => {
    const once = await code('once');
    const [late, other] = await Promise.all([member(), member()]);
    const lateOrder = openedOne(await startAtOnce([{ memberId: late, code: once.code }]));
    await ctx.services.payments.applyReport(lateOrder, 'failed', 'webhook');
    const otherOrder = openedOne(await startAtOnce([{ memberId: other, code: once.code }]));
    await payThroughWebhooks([otherOrder]);
    // The provider reports the first payment as paid after all, twice and beside a stale failure.
    await Promise.all([
      ctx.services.payments.applyReport(lateOrder, 'paid', 'webhook'),
      ctx.services.payments.applyReport(lateOrder, 'failed', 'webhook'),
      ctx.services.payments.applyReport(lateOrder, 'paid', 'webhook'),
    ]);
    expect(await grantedOrders([once.id])).toEqual([otherOrder]);
    // 997 of 1995 paid: 62 of the bundle's 125 credits at the list price.
    expect(await balanceOf(late)).toBe(62);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, lateOrder));
    expect(row).toMatchObject({ status: 'paid', credits: 62, amount: 997 });
    const history = await ctx.db.select().from(discountReservations).where(eq(discountReservations.orderId, lateOrder));
    expect(history.map((entry) => entry.status).sort()).toEqual(['forfeited', 'released']);
  });
});

describe('payments.applyReport for orders made before reservations', () => {
  it(`grants a 'once' code to one of ${ATTEMPTS} such orders paid at once, the others get what their price buys`, async () => {
    const once = await code('once');
    const members = await Promise.all(Array.from({ length: ATTEMPTS }, () => member()));
    const legacy = await Promise.all(
      members.map((userId) =>
        createOrder(ctx.db, {
          siteId: site.id,
          userId,
          createdAt: ctx.clock.now(),
          status: 'open',
          credits: 100,
          amount: 1000,
          listAmount: 2000,
          discountCodeId: once.id,
          discountPercentage: 50,
        }),
      ),
    );
    await Promise.all(legacy.map((order) => ctx.services.payments.applyReport(order.id, 'paid', 'webhook')));
    await Promise.all(legacy.map((order) => ctx.services.payments.applyReport(order.id, 'paid', 'webhook')));
    expect(await grantedOrders([once.id])).toHaveLength(1);
    const balances = (await Promise.all(members.map(balanceOf))).sort((a, b) => a - b);
    expect(balances).toEqual([...Array.from({ length: ATTEMPTS - 1 }, () => 50), 100]);
    const [live] = await ctx.db
      .execute(sql`select count(*)::int as n from discount_reservations where code_id = ${once.id} and status in ('reserved', 'redeemed')`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(live.n).toBe(1);
  });
});

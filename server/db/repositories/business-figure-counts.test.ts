import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../schema/index';
import { createBusinessFigureCounts } from './business-figure-counts';
import { createBusinessFigureFacts } from './business-figure-facts';
import type { FiguresWindow } from './business-figures.types';

/*
 * The counts kept by the triggers of migration 0044 (ADR 0076) must say what the facts say, after
 * whatever members, payers and operators did: sign-ups, sign-ins, messages, payments credited at
 * once or later, partial refunds, chargebacks, first purchases, a member's site or network
 * changed, accounts deleted, with and without the compaction job in between. A seeded random
 * history, so a failure replays.
 */

const DAY = 86_400_000;
const NOW = new Date('2026-11-18T15:00:00Z');
/** The Monday NOW's week starts on: every period ends with this week, as the page's do. */
const CURRENT_WEEK = new Date('2026-11-16T00:00:00Z');
const NETWORKS = [null, 'adnet', 'mailnet'];

let ctx: TestContext;
let sites: SiteRow[];

/** Mulberry32: a small seeded generator, so every run writes the same history. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Writes `steps` random facts, as the product's code paths write them. */
async function writeHistory(seed: number, steps: number) {
  const random = seeded(seed);
  const members: { id: number; signedUp: number }[] = [];
  const orders: { id: number; userId: number; amount: number; currency: string; siteId: number }[] = [];
  let serial = 0;
  /** A moment after `since` and before now, more of them near `since`, as activity falls off. */
  const after = (since: number) => new Date(since + random.next() ** 2 * (NOW.getTime() - since));

  const signUp = async () => {
    const site = random.pick(sites);
    const member = await createVisibleMember(ctx, site, { country: random.pick(['NL', 'DE']) });
    const signedUp = NOW.getTime() - Math.floor(random.next() * 420) * DAY - Math.floor(random.next() * DAY);
    await ctx.db.execute(sql`update users set created_at = ${new Date(signedUp)}, tracking_network = ${random.pick(NETWORKS)} where id = ${member.id}`);
    members.push({ id: member.id, signedUp });
  };
  for (let i = 0; i < 12; i += 1) await signUp();

  for (let step = 0; step < steps; step += 1) {
    serial += 1;
    const member = random.pick(members);
    const roll = random.next();
    if (roll < 0.1) await signUp();
    else if (roll < 0.3) {
      await ctx.db.execute(sql`insert into sessions (token_hash, user_id, created_at, expires_at)
        values (${`counts-${seed}-${serial}`}, ${member.id}, ${after(member.signedUp)}, ${new Date(NOW.getTime() + 30 * DAY)})`);
    } else if (roll < 0.45) {
      const other = random.pick(members);
      if (other.id === member.id) continue;
      const when = after(member.signedUp);
      const [a, b] = member.id < other.id ? [member.id, other.id] : [other.id, member.id];
      const [conversation] = await rows<{ id: number }>(sql`
        insert into conversations (member_a, member_b, started_by, created_at, last_message_at) values (${a}, ${b}, ${member.id}, ${when}, ${when})
        on conflict do nothing returning id`);
      const conversationId =
        conversation?.id ?? (await rows<{ id: number }>(sql`select id from conversations where member_a = ${a} and member_b = ${b}`))[0].id;
      await ctx.db.execute(sql`insert into messages (conversation_id, sender_id, body, client_id, created_at)
        values (${conversationId}, ${member.id}, 'hello', ${`counts-${seed}-${serial}`}, ${when})`);
    } else if (roll < 0.6) {
      // A payment: credited when written, or written pending and credited by the provider's answer.
      const [{ site_id: siteId }] = await rows<{ site_id: number }>(sql`select site_id from users where id = ${member.id}`);
      const amount = random.pick([995, 1995, 4900]);
      const currency = random.pick(['EUR', 'EUR', 'PLN']);
      const when = after(member.signedUp);
      const atOnce = random.next() < 0.5;
      const [order] = await rows<{ id: number }>(sql`
        insert into orders (user_id, site_id, credits, amount, list_amount, currency, country, payment_method, provider, status, client_id, credited_at, created_at, updated_at)
        values (${member.id}, ${siteId}, 100, ${amount}, ${amount}, ${currency}, 'NL', 'ideal', 'demo', ${atOnce ? 'paid' : 'pending'}, ${`counts-${seed}-${serial}`},
                ${atOnce ? when : null}, ${when}, ${when}) returning id`);
      if (!atOnce) await ctx.db.execute(sql`update orders set status = 'paid', credited_at = ${when} where id = ${order.id}`);
      await ctx.db.execute(sql`update users set paid_at = coalesce(paid_at, ${when}) where id = ${member.id}`);
      orders.push({ id: order.id, userId: member.id, amount, currency, siteId });
    } else if (roll < 0.67 && orders.length) {
      const order = random.pick(orders);
      const amount = Math.max(1, Math.floor(order.amount * random.next()));
      await ctx.db.execute(sql`insert into refunds (order_id, user_id, credits, amount, currency, created_at)
        select id, user_id, 10, ${amount}, currency, ${after(NOW.getTime() - 60 * DAY)} from orders where id = ${order.id}
        on conflict do nothing`);
    } else if (roll < 0.72 && orders.length) {
      const order = random.pick(orders);
      await ctx.db.execute(sql`
        insert into chargebacks (order_id, user_id, site_id, provider, provider_chargeback_id, kind, payment_method, amount, currency, charged_back_at, created_at)
        select ${order.id}, user_id, ${order.siteId}, 'demo', ${`chb-${seed}-${serial}`}, 'chargeback', 'card', ${order.amount}, ${order.currency}, ${after(NOW.getTime() - 90 * DAY)}, now()
          from orders where id = ${order.id}
        on conflict do nothing`);
    } else if (roll < 0.8) {
      // An operator's correction of where a member came from, or of their site.
      if (random.next() < 0.5) await ctx.db.execute(sql`update users set tracking_network = ${random.pick(NETWORKS)} where id = ${member.id}`);
      else await ctx.db.execute(sql`update users set site_id = ${random.pick(sites).id} where id = ${member.id}`);
    } else if (roll < 0.84 && members.length > 4) {
      await ctx.db.execute(sql`delete from users where id = ${member.id}`);
      members.splice(members.indexOf(member), 1);
    } else if (roll < 0.86) {
      await createBusinessFigureCounts(ctx.db).compact();
    }
  }
}

/** The period of the last `weeks` weeks, for the members of some sites and a network (as `figuresWindow` makes it). */
function windowOf(weeks: number, filter: { sites?: number[]; network?: string }): FiguresWindow {
  return {
    from: new Date(CURRENT_WEEK.getTime() - (weeks - 1) * 7 * DAY),
    to: new Date(CURRENT_WEEK.getTime() + 7 * DAY),
    sites: filter.sites ?? null,
    network: filter.network ?? null,
    ref: null,
    sub1: null,
    sub2: null,
    sub3: null,
    country: null,
  };
}

/** The figures both ways, in a form that compares: money and cohorts sorted, the delays' percentiles apart. */
async function bothWays(window: FiguresWindow) {
  const read = async (source: ReturnType<typeof createBusinessFigureCounts> | ReturnType<typeof createBusinessFigureFacts>) => {
    const byCurrency = (list: { currency: string }[]) => [...list].sort((a, b) => a.currency.localeCompare(b.currency));
    const { medianHours, p90Hours, ...delays } = await source.timeToFirstPurchase(window);
    return {
      exact: {
        paid: byCurrency(await source.paid(window)),
        refunded: byCurrency(await source.refunded(window)),
        chargedBack: byCurrency(await source.chargedBack(window)),
        members: await source.activeAndPaying(window),
        conversion: await source.conversion(window),
        delays,
        sizes: (await source.cohortSizes(window)).sort((a, b) => a.cohortWeek - b.cohortWeek),
        cells: (await source.cohortCells(window)).sort((a, b) => a.cohortWeek - b.cohortWeek || a.week - b.week),
      },
      percentiles: [medianHours, p90Hours],
    };
  };
  return { counts: await read(createBusinessFigureCounts(ctx.db)), facts: await read(createBusinessFigureFacts(ctx.db)) };
}

async function expectCountsToMatchFacts() {
  const windows = [4, 13, 26, 52].flatMap((weeks) => [
    windowOf(weeks, {}),
    windowOf(weeks, { sites: [sites[0].id] }),
    windowOf(weeks, { network: 'adnet' }),
    windowOf(weeks, { sites: [sites[1].id], network: 'mailnet' }),
    windowOf(weeks, { sites: [sites[1].id, sites[2].id] }),
    windowOf(weeks, { sites: [] }),
  ]);
  for (const window of windows) {
    const { counts, facts } = await bothWays(window);
    expect(counts.exact).toEqual(facts.exact);
    counts.percentiles.forEach((estimate, index) => {
      const exact = facts.percentiles[index];
      if (exact === null || estimate === null) expect(estimate).toBe(exact);
      // The counts keep delays in 4 % steps (ADR 0076).
      else expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(Math.max(0.02 * exact, 0.01));
    });
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  sites = [
    await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Dating' }),
    await createSite(ctx.db, { domain: 'flirt.example', name: 'Flirt' }),
    await createSite(ctx.db, { domain: 'mature.example', name: 'Mature' }),
  ];
});
afterAll(() => ctx.close());

describe('figure counts (migration 0044)', () => {
  it('say what the facts say after a random year of sign-ups, activity, payments, refunds, chargebacks, corrections and deletions', async () => {
    await writeHistory(20261129, 260);
    await expectCountsToMatchFacts();
    // The history is rich enough for the comparison to mean something.
    const { facts } = await bothWays(windowOf(52, {}));
    expect(facts.exact.members.paying).toBeGreaterThan(5);
    expect(facts.exact.refunded.length + facts.exact.chargedBack.length).toBeGreaterThan(1);
    expect(facts.exact.cells.length).toBeGreaterThan(20);
    expect(facts.percentiles[0]).not.toBeNull();
  });

  it('still do after the compaction job folds them, which leaves one row per key', async () => {
    await createBusinessFigureCounts(ctx.db).compact();
    await expectCountsToMatchFacts();
    const [duplicates] = await rows<{ keys: number }>(sql`
      select count(*)::int as keys from (select 1 from figure_cohort_counts group by site_id, network, signup_week, week having count(*) > 1) d`);
    expect(duplicates.keys).toBe(0);
  });

  it('are rebuilt from the facts to the same figures', async () => {
    await writeHistory(7, 80);
    await ctx.db.execute(sql`select figure_counts_rebuild()`);
    await expectCountsToMatchFacts();
  });

  it('count each member once when their sign-ins and payments of different weeks are written at the same moment', async () => {
    const racers = await Promise.all(sites.map((site) => createVisibleMember(ctx, site, { country: 'NL' })));
    const weeks = [1, 2, 3, 5, 8, 13];
    // Every member's writes of every week at once, each its own statement: on PostgreSQL each on
    // its own connection, so the upserts of one member's last weeks race each other.
    await Promise.all(
      racers.flatMap((racer, index) =>
        weeks.map((weeksAgo) => {
          const when = new Date(NOW.getTime() - weeksAgo * 7 * DAY);
          return index % 2
            ? ctx.db.execute(sql`insert into sessions (token_hash, user_id, created_at, expires_at)
                values (${`race-${racer.id}-${weeksAgo}`}, ${racer.id}, ${when}, ${new Date(NOW.getTime() + DAY)})`)
            : ctx.db.execute(sql`
                insert into orders (user_id, site_id, credits, amount, list_amount, currency, country, payment_method, provider, status, client_id, credited_at, created_at, updated_at)
                values (${racer.id}, ${racer.siteId}, 100, 995, 995, 'EUR', 'NL', 'card', 'demo', 'paid', ${`race-${racer.id}-${weeksAgo}`}, ${when}, ${when}, ${when})`);
        }),
      ),
    );
    await expectCountsToMatchFacts();
  });

  it('leave a deleted payer’s money to all sites together and to no single one', async () => {
    const [payer] = await rows<{ id: number; site_id: number }>(sql`
      select u.id, u.site_id from users u join orders o on o.user_id = u.id where o.credited_at is not null and not u.is_fictional limit 1`);
    const year = (filter: { sites?: number[] }) => windowOf(52, filter);
    const counts = createBusinessFigureCounts(ctx.db);
    const total = (list: { amount: number }[]) => list.reduce((sum, row) => sum + row.amount, 0);
    const allBefore = total(await counts.paid(year({})));
    const siteBefore = total(await counts.paid(year({ sites: [payer.site_id] })));
    const [{ paid }] = await rows<{ paid: number }>(sql`
      select coalesce(sum(amount), 0)::int as paid from orders where user_id = ${payer.id} and credited_at >= ${year({}).from}`);
    await ctx.db.execute(sql`delete from users where id = ${payer.id}`);
    expect(total(await counts.paid(year({})))).toBe(allBefore);
    expect(total(await counts.paid(year({ sites: [payer.site_id] })))).toBe(siteBefore - paid);
    await expectCountsToMatchFacts();
  });
});

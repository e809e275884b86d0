import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupInput } from '../../../contract/accounts';
import { validSignup } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createSignupFirstMessagesRepository } from '../../db/repositories/signup-first-messages.repository';
import { buildDemoSites } from '../../seed/demo-sites';
import { profiles, users, type SiteRow } from '../../db/schema/index';

/** Sign-up from a profile (issue 18): the first message, the niche, the tracking parameters. */
let ctx: TestContext;
let flirtzone: SiteRow;
const FLIRTZONE_HOST = 'flirtzone.test';

beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, loggedOutSearch: 'none' });
  // The demo niche site as seeded (niche 6, sign-ups only with a traffic source), on a test host.
  flirtzone = await createSite(ctx.db, { ...buildDemoSites(ctx.config.defaultSiteDomain)[1], domain: FLIRTZONE_HOST });
});
afterAll(() => ctx.close());

async function signUp(fields: Partial<SignupInput> = {}, host = ctx.config.defaultSiteDomain) {
  const input = validSignup(fields);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', headers: { host }, payload: input });
  const session = response.cookies.find((cookie) => cookie.name === 'rdv_session')?.value;
  return { input, response, id: response.json().user?.id as number, cookies: { rdv_session: session ?? '' } };
}

/** Follows the activation link of the member's last mail, on their site, and lets the jobs run. */
async function activate(email: string, host = ctx.config.defaultSiteDomain) {
  const link = new URL(ctx.mailer.linkIn(ctx.mailer.last(email)));
  const response = await ctx.app.inject({ url: `${link.pathname}${link.search}`, headers: { host } });
  expect(response.headers.location).toBe('/activate/done');
  await ctx.services.jobRunner.runDue();
  await ctx.services.chat.drainSends();
}

describe('POST /api/signup.php with a target profile and a message', () => {
  it('asks about contact details in the first message with a 409 on the message field, and signs up once confirmed', async () => {
    const target = await signUp({ name: 'Asked' });
    await activate(target.input.email!);
    const fields = { gender: 'male', seeking: 'female', target_profile_id: target.id, signup_message: 'Mail me at lena.fan@example.com' };
    const asked = await signUp(fields);
    expect([asked.response.statusCode, asked.response.json().error]).toEqual([409, 'message_safety_confirm']);
    expect(asked.response.json().fields).toEqual([
      {
        field: 'signup_message',
        code: 'message_safety_confirm',
        problem: 'This message seems to contain an e-mail address. Are you sure you want to send it?',
      },
    ]);
    const confirmed = await signUp({ ...fields, confirmed_safety: true });
    expect(confirmed.response.statusCode).toBe(201);
    expect(await createSignupFirstMessagesRepository(ctx.db).find(confirmed.id)).toMatchObject({ body: 'Mail me at lena.fan@example.com' });
  });

  it('keeps the message for the target, who reads it in their chats once the address is confirmed; the profile text stays empty', async () => {
    const target = await signUp({ name: 'Targeted' });
    await activate(target.input.email!);

    const visitor = await signUp({ gender: 'male', seeking: 'female', target_profile_id: target.id, signup_message: 'Your photo made me sign up!' });
    expect(visitor.response.statusCode).toBe(201);
    expect(await createSignupFirstMessagesRepository(ctx.db).find(visitor.id)).toMatchObject({ targetUserId: target.id, body: 'Your photo made me sign up!' });
    expect((await ctx.app.inject({ url: '/api/chats.php', headers: { host: ctx.config.defaultSiteDomain }, cookies: target.cookies })).json().chats).toEqual(
      [],
    );

    await activate(visitor.input.email!);
    const chats = (await ctx.app.inject({ url: '/api/chats.php', cookies: target.cookies })).json().chats;
    expect(chats).toEqual([
      expect.objectContaining({
        profile: expect.objectContaining({ id: visitor.id }),
        last_message: expect.objectContaining({ text: 'Your photo made me sign up!' }),
      }),
    ]);
    const seen = (await ctx.app.inject({ url: `/api/members.php?id=${visitor.id}`, cookies: target.cookies })).json();
    expect(seen.details.about).toBe('');
  });

  it.each([
    ['a target that is not a number', { target_profile_id: 'abc' }],
    ['a negative target', { target_profile_id: -4 }],
    ['a message that is not text', { signup_message: 42 }],
    ['a message over 500 characters', { signup_message: 'x'.repeat(501) }],
  ])('answers %s with 400 and creates nothing', async (_case, fields) => {
    const input = { ...validSignup(), ...fields };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: input });
    expect(response.statusCode).toBe(400);
    expect(await ctx.db.select().from(users).where(eq(users.email, input.email!))).toEqual([]);
  });
});

describe('signing up on a niche site', () => {
  it('gives the member the site’s niche, so once confirmed they appear in that site’s search', async () => {
    const member = await signUp({ country: 'DE', network: 'adnet', name: 'Nichefinder' }, FLIRTZONE_HOST);
    expect(member.response.statusCode).toBe(201);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile.niches).toEqual([6]);

    const searcher = await signUp({ country: 'DE', gender: 'male', seeking: 'female', network: 'adnet' }, FLIRTZONE_HOST);
    const search = () =>
      ctx.app
        .inject({ url: '/api/members.php?country=de', headers: { host: FLIRTZONE_HOST }, cookies: searcher.cookies })
        .then((response) => response.json().results.map((card: { id: number }) => card.id));
    // Not yet confirmed: hidden.
    expect(await search()).not.toContain(member.id);
    await activate(member.input.email!, FLIRTZONE_HOST);
    expect(await search()).toContain(member.id);

    // A general site shows every niche; a site of another niche does not show this one.
    const bbw = await createSite(ctx.db, { niche: 4, loggedOutSearch: 'all' });
    const general = await createSite(ctx.db, { niche: 1, loggedOutSearch: 'all' });
    const ids = async (site: SiteRow) =>
      (await ctx.services.search.search(site, { page: 1, country: 'DE' }, { memberId: null, hasTrafficSource: false })).results.map((card) => card.id);
    expect(await ids(general)).toContain(member.id);
    expect(await ids(bbw)).not.toContain(member.id);
  });

  it('gives no niche on a general site (niche 1 shows everyone)', async () => {
    const member = await signUp();
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile.niches).toEqual([]);
  });
});

describe('tracking parameters', () => {
  it('are kept per sign-up, each member with their own', async () => {
    const first = await signUp({ country: 'DE', network: 'adnet', ref: 'spring-sale', sub1: 'banner-a', sub2: 'mobile', sub3: 'de' }, FLIRTZONE_HOST);
    const second = await signUp({ country: 'AT', network: 'othernet', ref: 'winter', sub1: 'banner-b' }, FLIRTZONE_HOST);
    const rows = await ctx.db.select().from(users).where(eq(users.siteId, flirtzone.id));
    const tracking = (id: number) => {
      const row = rows.find((user) => user.id === id)!;
      return [row.trackingNetwork, row.trackingRef, row.trackingSub1, row.trackingSub2, row.trackingSub3];
    };
    expect(tracking(first.id)).toEqual(['adnet', 'spring-sale', 'banner-a', 'mobile', 'de']);
    expect(tracking(second.id)).toEqual(['othernet', 'winter', 'banner-b', null, null]);
  });

  it('are required where the site takes sign-ups only from a traffic source', async () => {
    const refused = await signUp({ country: 'DE' }, FLIRTZONE_HOST);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().error).toBe('signups_closed');
  });
});

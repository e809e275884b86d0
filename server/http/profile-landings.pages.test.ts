import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { createUsersRepository } from '../db/repositories/users.repository';
import type { SiteRow } from '../db/schema/index';

/** The pages about one member (issue 18) and /signup-matches, as the production build renders them. */

let ctx: TestContext;
let site: SiteRow;
let target: { id: number };
let cookies: { rdv_session: string };
const TARGET_NAME = 'Marlijn';

beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 3 });
  target = await createVisibleMember(ctx, site, { name: TARGET_NAME, gender: 'female', country: 'NL' });
  const member = await createVisibleMember(ctx, site, { gender: 'male', seeking: 'female', country: 'NL' });
  cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
});
afterAll(() => ctx.close());

const PAGES = (id: number | string) => [
  `/members/${id}/landing`,
  `/members/${id}/landing2`,
  `/members/${id}/landing2/spring-2026`,
  `/members/${id}/landing3`,
  `/members/${id}/landing3/x`,
  `/members/${id}/signup`,
];

describe('a profile landing', () => {
  it('shows a visitor the member and the sign-up with them as target, kept out of search engines', async () => {
    for (const url of PAGES(target.id)) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(TARGET_NAME);
      expect(response.body, url).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('gives each of the three landings its own layout', async () => {
    const body = async (url: string) => (await ctx.app.inject({ url })).body;
    expect(await body(`/members/${target.id}/landing`)).toContain(`${TARGET_NAME} wants to meet you`);
    expect(await body(`/members/${target.id}/landing2/x`)).toContain(`Your message to ${TARGET_NAME}`);
    expect(await body(`/members/${target.id}/landing3/x`)).toContain(`Would you like to get to know ${TARGET_NAME}?`);
  });

  it('says before sign-up what the first message will cost: free while the site gives free messages, else its price', async () => {
    expect((await ctx.app.inject({ url: `/members/${target.id}/landing2` })).body).toContain('Your first message is free.');

    const paidSite = await createSite(ctx.db, { freeMessages: 0, messageCredits: 15 });
    const paidTarget = await createVisibleMember(ctx, paidSite, { name: 'Paidtarget' });
    const response = await ctx.app.inject({ url: `/members/${paidTarget.id}/landing2`, headers: { host: paidSite.domain } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Your first message costs 15 credits.');
  });

  it.each([
    ['an id that is not a number', '/members/abc/landing'],
    ['id zero', '/members/0/landing2'],
    ['an id with a sign', '/members/-1/landing3'],
    ['an id no record can have', '/members/2147483648/landing'],
    ['an unknown member', '/members/99999999/landing3/x'],
    ['a slug with capitals', (id: number) => `/members/${id}/landing2/Spring`],
    ['a slug with other characters', (id: number) => `/members/${id}/landing3/a_b`],
    ['a slug past 40 characters', (id: number) => `/members/${id}/landing2/${'a'.repeat(41)}`],
    ['a path past the slug', (id: number) => `/members/${id}/landing2/x/y`],
  ])('is the site’s 404 page for %s', async (_case, url) => {
    const response = await ctx.app.inject({ url: typeof url === 'string' ? url : url(target.id) });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('This page could not be found');
  });

  it('is a 404 for a member who is invisible or not confirmed', async () => {
    const invisible = await createVisibleMember(ctx, site);
    await ctx.services.accounts.setInvisible(invisible.id, true);
    const unconfirmed = await createVisibleMember(ctx, site);
    await createUsersRepository(ctx.db).update(unconfirmed.id, { status: 'not_confirmed' });
    for (const url of [...PAGES(invisible.id), ...PAGES(unconfirmed.id)]) expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('sends a logged-in member to the profile itself', async () => {
    for (const url of PAGES(target.id)) {
      const response = await ctx.app.inject({ url, cookies });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(`/members/${target.id}`);
    }
  });
});

describe('/signup-matches', () => {
  it('sends a visitor to the sign-up', async () => {
    const response = await ctx.app.inject({ url: '/signup-matches' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/signup');
  });

  it('shows a member the members who fit what they look for, each with a like button', async () => {
    const response = await ctx.app.inject({ url: '/signup-matches', cookies });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Members who match you');
    expect(response.body).toContain(TARGET_NAME);
    expect(response.body).toContain(`aria-label="Like ${TARGET_NAME}"`);
  });
});

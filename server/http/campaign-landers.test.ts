import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../tests/e2e/support/locales';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { photos, type SiteRow } from '../db/schema/index';

/** The campaign landers of issue 18 as the production build renders them for a visitor. */

const LANDERS = [
  ['alonetonight', 'landers.alonetonight.title'],
  ['collagelanding', 'landers.collagelanding.title'],
  ['gallery', 'landers.gallery.title'],
  ['iconslanding', 'landers.iconslanding.title'],
] as const;

let ctx: TestContext;
let site: SiteRow;
let emptySite: SiteRow;
let member: { id: number };
let hiddenPhotoMember: { id: number };

beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  // Niche 4: only members of that niche appear, so the other site below can have none.
  site = await createSite(ctx.db, { domain: 'landers.test', niche: 4 });
  emptySite = await createSite(ctx.db, { domain: 'empty-landers.test', niche: 5 });
  member = await createVisibleMember(ctx, site, { name: 'Marieke', niches: [4], country: 'NL' });
  await createVisibleMember(ctx, site, { name: 'Fictiva', niches: [4], isFictional: true });
  // A member whose only photo still waits for moderation: not public, so no lander may show it.
  hiddenPhotoMember = await createVisibleMember(ctx, site, { name: 'Pendinga', niches: [4] });
  await ctx.db.update(photos).set({ status: 'pending' }).where(eq(photos.userId, hiddenPhotoMember.id));
});
afterAll(() => ctx.close());

const visit = (url: string, host = 'landers.test') => ctx.app.inject({ url, headers: { host, 'accept-language': 'en' } });

describe('a campaign lander', () => {
  it.each(LANDERS)('/landers/%s answers with its own page, the site’s members and the disclaimer', async (lander, titleKey) => {
    const response = await visit(`/landers/${lander}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(en(titleKey, { site_name: site.name }));
    expect(response.body).toContain(`<title>${en(`landers.${lander}.meta_title`)} | ${site.name}</title>`);
    // The member's card opens the sign-up with them as its target (a link to it without JavaScript).
    expect(response.body).toContain('Marieke');
    expect(response.body).toContain(`href="/members/${member.id}/signup"`);
    expect(response.body).toContain(en('footer.disclaimer', { site_name: site.name, min_age: 18 }));
  });

  it.each(LANDERS)('/landers/%s labels a fictional profile as fictional', async (lander) => {
    const body = (await visit(`/landers/${lander}`)).body;
    const card = body.slice(body.indexOf('Fictiva') - 1500, body.indexOf('Fictiva') + 600);
    expect(card).toContain(en('profile.fictional'));
  });

  it.each(LANDERS)('/landers/%s never shows a member whose photo is not public', async (lander) => {
    const response = await visit(`/landers/${lander}`);
    expect(response.body).not.toContain('Pendinga');
    expect(response.body).not.toContain(`p${hiddenPhotoMember.id}-0`);
  });

  it.each(LANDERS)('/landers/%s shows the same page under a campaign slug', async (lander) => {
    const plain = await visit(`/landers/${lander}`);
    const withSlug = await visit(`/landers/${lander}/summer-2026`);
    expect(withSlug.statusCode).toBe(200);
    expect(withSlug.body).toContain(en(`landers.${lander}.meta_title`));
    expect(withSlug.body.match(/data-testid="lander-member"/g)?.length).toBe(plain.body.match(/data-testid="lander-member"/g)?.length);
  });

  it.each([
    '/landers/gallery/Summer',
    '/landers/alonetonight/a_b',
    `/landers/collagelanding/${'x'.repeat(41)}`,
    '/landers/iconslanding/%C3%A9t%C3%A9',
    '/landers/gallery/one/two',
  ])('%s is the site’s 404 page', async (url) => {
    const response = await visit(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('This page could not be found');
  });

  it.each(LANDERS)('/landers/%s on a site with no member with a photo still invites the visitor to sign up', async (lander) => {
    const response = await visit(`/landers/${lander}`, emptySite.domain);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-testid="lander-empty"');
    expect(response.body).not.toContain('data-testid="lander-member"');
    expect(response.body).toContain('href="/signup"');
  });

  it('keeps the campaign’s tracking parameters, and only those, on the way to the sign-up', async () => {
    const response = await visit('/landers/gallery/spring?network=adnet&ref=r-7&sub1=a&sub3=c&utm_source=elsewhere');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="/signup?network=adnet&amp;ref=r-7&amp;sub1=a&amp;sub3=c"');
    expect(response.body).toContain(`href="/members/${member.id}/signup?network=adnet&amp;ref=r-7&amp;sub1=a&amp;sub3=c"`);
    expect(response.body).not.toContain('utm_source=elsewhere"');
  });

  it('shows a member who is signed in the way to the members instead of a sign-up', async () => {
    const signedIn = await createVisibleMember(ctx, site, { niches: [4] });
    const rdv_session = await ctx.services.sessions.start(signedIn.id, 'test');
    const response = await ctx.app.inject({
      url: '/landers/iconslanding',
      headers: { host: 'landers.test', 'accept-language': 'en' },
      cookies: { rdv_session },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(en('landers.common.cta_member'));
    expect(response.body).toContain(`href="/members/${member.id}"`);
    expect(response.body).not.toContain('href="/signup"');
  });
});

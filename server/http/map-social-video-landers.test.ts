import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { profiles, type SiteRow } from '../db/schema/index';

/** The map, social-feed and two "video" landers as the production build renders them (issue 18). */

let ctx: TestContext;
let site: SiteRow;
let emptySite: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  site = await createSite(ctx.db, { countries: ['NL', 'BE'] });
  emptySite = await createSite(ctx.db, { countries: ['DE'], niche: 4 });
  await createVisibleMember(ctx, site, { name: 'Fenna', country: 'NL', region: 'NL-07' });
  const withCity = await createVisibleMember(ctx, site, { name: 'Marit', country: 'NL', region: 'NL-07' });
  await ctx.db.update(profiles).set({ city: 'Zaandijk' }).where(eq(profiles.id, withCity.id));
  await createVisibleMember(ctx, site, { name: 'Joris', country: 'NL', region: 'NL-11', gender: 'male' });
});
afterAll(() => ctx.close());

const open = (url: string, on: SiteRow = site, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { host: on.domain, 'cf-ipcountry': 'NL', 'accept-language': 'en', ...headers } });

describe('GET /landers/maplanding', () => {
  it('shows the visitor’s country region by region: counts, a few faces, nothing finer than a region', async () => {
    const response = await open('/landers/maplanding');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Who is single near you?');
    expect(response.body).toContain('Members by province');
    expect(response.body).toContain('Noord-Holland');
    expect(response.body).toContain('Members here: 2');
    expect(response.body).toMatch(/class="map-face__name">Marit/);
    // Regions nobody lives in are invitations to be the first there.
    expect(response.body).toContain('Be the first in Drenthe');
    expect(response.body).toContain('<meta name="description" content="See how many members');
    // The member's city is on her public card, but the map never ties a face to a place finer than its region.
    expect(response.body).not.toContain('Zaandijk');
  });

  it('speaks the visitor’s language', async () => {
    const response = await open('/landers/maplanding', site, { 'accept-language': 'de' });
    expect(response.body).toContain('Wer ist Single in deiner Nähe?');
    expect(response.body).toContain('Mitglieder nach Provinz');
  });

  it('invites the first members on a site nobody has joined yet', async () => {
    const response = await open('/landers/maplanding', emptySite, { 'cf-ipcountry': 'DE' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Be the first in your area');
    expect(response.body).toContain('Be the first in Bayern');
  });
});

describe('GET /landers/socialnetwork', () => {
  it('is a feed of the site’s members with people to connect with', async () => {
    const response = await open('/landers/socialnetwork');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('What’s new on');
    expect(response.body).toContain('Fenna shared a profile photo.');
    expect(response.body).toContain('People you may know');
    expect(response.body).toContain('Connect with Joris');
  });

  it('welcomes the first members on an empty site', async () => {
    const response = await open('/landers/socialnetwork', emptySite);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('The feed is still quiet.');
  });
});

describe('GET /landers/video and /landers/transitionsvideolanding', () => {
  it('plays the members’ photos as a slideshow with a playlist', async () => {
    const response = await open('/landers/video');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-testid="video-player"');
    expect(response.body).toContain('Up next');
    expect(response.body).toMatch(/Meet (Fenna|Marit|Joris)/);
    expect(response.body).not.toMatch(/<iframe|<video/);
  });

  it('runs a reel of taglines and faces', async () => {
    const response = await open('/landers/transitionsvideolanding');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Every great story starts with a hello');
    expect(response.body).toContain('New faces.');
    expect(response.body).not.toMatch(/<iframe|<video/);
  });

  it('still makes sense with no faces to show', async () => {
    const video = await open('/landers/video', emptySite);
    expect(video.statusCode).toBe(200);
    expect(video.body).toContain('Your story could be next');
    const reel = await open('/landers/transitionsvideolanding', emptySite);
    expect(reel.statusCode).toBe(200);
    // The reel opens on its taglines and the page still asks the visitor to join.
    expect(reel.body).toContain('New faces.');
    expect(reel.body).toContain('Start for free');
  });
});

describe('a campaign slug', () => {
  it.each(['/landers/maplanding/spring-26', '/landers/socialnetwork/fb-01', '/landers/video/a', `/landers/transitionsvideolanding/${'x'.repeat(40)}`])(
    '%s is the lander itself',
    async (url) => {
      expect((await open(url)).statusCode).toBe(200);
    },
  );

  it.each([
    '/landers/maplanding/Spring',
    '/landers/socialnetwork/fb_01',
    '/landers/video/%20',
    `/landers/transitionsvideolanding/${'x'.repeat(41)}`,
    '/landers/video/a/b',
    '/landers/maplanding/caf%C3%A9',
  ])('%s is the site’s 404 page', async (url) => {
    const response = await open(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('This page could not be found');
  });
});

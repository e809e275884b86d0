import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRow } from '../db/schema/index';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';

/**
 * Member pages stay light (issue 20): what the member pages send, in bytes, cards and database
 * queries, against the production build. The shell around them (root loader, header, footer)
 * is counted too: these are the figures the pages bench prints.
 */

const INLINE_DATA_LIMIT = 8 * 1024;
/** The whole HTML of the home and search pages (issue 20's table). */
const HTML_LIMIT = 20 * 1024;
/** The search page's own part of the HTML (its `<main>`): the shell around it has its own budget. */
const SEARCH_MAIN_LIMIT = 8 * 1024;
const FIRST_SCREEN_CARDS = 8;

let ctx: TestContext;
let site: SiteRow;
let cookies: { rdv_session: string };
let shownId: number;
let queries = 0;

beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, loggedOutSearch: 'all', description: 'Singles near you, on a test site.' });
  for (let index = 0; index < 24; index++) {
    const member = await createVisibleMember(ctx, site, { name: `Searchable${index}` });
    shownId ??= member.id;
  }
  const viewer = await createVisibleMember(ctx, site, { name: 'Viewer', gender: 'male', seeking: 'female' });
  cookies = { rdv_session: await ctx.services.sessions.start(viewer.id, 'test') };
  // Every statement reaches the driver's `query` (PGlite's or the pool's): counting calls counts queries.
  const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    queries += 1;
    return query(...args);
  };
});
afterAll(() => ctx.close());

const visit = (url: string, member: boolean) => ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' }, ...(member && { cookies }) });

/** The bytes of the inline scripts that carry loader data (React Router's stream of it). */
function inlineDataBytes(html: string): number {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1]!)
    .filter((script) => script.includes('__reactRouterContext'))
    .reduce((total, script) => total + Buffer.byteLength(script), 0);
}

const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const cardsIn = (html: string) => html.split('class="card h-100 profile-card"').length - 1;

describe('the shell around every page', () => {
  it('keeps the home and the search page within 20 KB of HTML, visitor and member', async () => {
    const sizes: Record<string, number> = {};
    for (const [path, member] of [
      ['/', false],
      ['/members', false],
      ['/members', true],
    ] as const) {
      const page = await visit(path, member);
      expect(page.statusCode, path).toBe(200);
      sizes[`${member ? 'member' : 'visitor'} ${path}`] = Buffer.byteLength(page.body);
    }
    expect(
      Object.entries(sizes).filter(([, bytes]) => bytes > HTML_LIMIT),
      JSON.stringify(sizes),
    ).toEqual([]);
    // A member's home is their search: the sign-up page is not theirs to see.
    const home = await visit('/', true);
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/members');
  });

  it('gives search engines the site’s description on a visitor’s search, and a member’s page none of it', async () => {
    const visitorPage = (await visit('/members', false)).body;
    const memberPage = (await visit('/members', true)).body;
    const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    expect(description(visitorPage)).toBe(site.description);
    expect(description(memberPage)).toBeUndefined();
    expect(memberPage).not.toContain(site.description);
  });

  it('names the route manifest as a file instead of writing it into the page, and marks no link for discovery', async () => {
    const page = await visit('/members', false);
    // The module script imports the manifest the build wrote (a cached asset), then the page's routes.
    expect(page.body).toMatch(/import "\/assets\/manifest-[\w-]+\.js"/);
    expect(page.body).not.toContain('window.__reactRouterManifest');
    expect(page.body).not.toContain('data-discover');
  });

  it('sends only the settings pages read, for visitors and members, most of them in the site’s cached file', async () => {
    for (const member of [false, true]) {
      const page = (await visit('/members', member)).body;
      const scripts = [...page.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
      const data = scripts.filter((script) => script.includes('streamController.enqueue')).join('');
      const file = (await visit(/href="(\/site-settings\/[^"]+)"/.exec(page)![1]!, false)).body;
      expect(data).not.toContain('support_email');
      expect(file).toContain('support_email');
      // Spec §7: the company facts pages show come once, with the cached file (ADR 0071).
      expect(data).not.toContain('company_name');
      expect(file).toContain('company_name');
      for (const name of [
        'region_data',
        'search_fields',
        'visible_profile_notes',
        'company_vat_numbers',
        'mail_name',
        'member_resell',
        'logged_out_search_trafficsource',
        'domain_language',
        'fictional_plural',
        'signup_credits',
        'kvk',
        'tradenames',
      ]) {
        expect(data, name).not.toContain(name);
        expect(file, name).not.toContain(name);
      }
    }
  });
});

describe('the search page', () => {
  for (const member of [false, true]) {
    it(`shows ${FIRST_SCREEN_CARDS} cards in a light page to a ${member ? 'member' : 'visitor'}`, async () => {
      const page = await visit('/members', member);
      expect(page.statusCode).toBe(200);
      expect(cardsIn(page.body)).toBe(FIRST_SCREEN_CARDS);
      expect(Buffer.byteLength(mainOf(page.body))).toBeLessThanOrEqual(SEARCH_MAIN_LIMIT);
      expect(inlineDataBytes(page.body)).toBeLessThanOrEqual(INLINE_DATA_LIMIT);
    });
  }

  it('writes each card with no `<!-- -->` seam between its texts', async () => {
    const page = await visit('/members', true);
    const cards = page.body
      .split('class="card h-100 profile-card"')
      .slice(1)
      .map((card) => card.slice(0, card.indexOf('</article>')));
    expect(cards.length).toBe(FIRST_SCREEN_CARDS);
    for (const card of cards) expect(card).not.toContain('<!-- -->');
  });

  it('tells the client navigation that the rest of the first page is to be fetched', async () => {
    const page = await visit('/members.data?_routes=routes%2Fmembers%2Fsearch', true);
    expect(page.statusCode).toBe(200);
    // Turbo-stream encodes each card once; its photo file names are easy to count.
    expect(page.body.match(/-0-t\.webp/g)?.length).toBe(FIRST_SCREEN_CARDS);
    expect(page.body).toContain('restOfPage');
    expect(Buffer.byteLength(page.body)).toBeLessThanOrEqual(INLINE_DATA_LIMIT);
  });

  it('leaves the whole page to the API the client asks after hydration', async () => {
    const response = await ctx.app.inject({ url: '/api/members.php?gender=female&page=1', cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ results: unknown[] }>().results.length).toBe(20);
  });
});

describe('the profile page', () => {
  it('streams the related members in the server’s render', async () => {
    const page = await visit(`/members/${shownId}`, true);
    expect(page.statusCode).toBe(200);
    // Rendered once the list arrives (inside the Suspense boundary React streams), with its cards.
    expect(page.body).toContain('data-testid="related-members"');
    expect(cardsIn(page.body.slice(page.body.indexOf('data-testid="related-members"')))).toBeGreaterThan(0);
  });

  it('sends the related members in a client navigation’s data', async () => {
    const page = await visit(`/members/${shownId}.data?_routes=routes%2Fmembers%2Fprofile`, true);
    expect(page.statusCode).toBe(200);
    // Another member's name than the shown one: the related list made it into the stream.
    expect(page.body).toMatch(/Searchable(?!0")\d+/);
    expect(page.body).toContain('related');
  });
});

describe('a member’s pages', () => {
  const pages = () => [`/members/${shownId}`, '/likes', '/chats'];

  it('carry no more than 8 KB of inline loader data', async () => {
    for (const path of pages()) {
      const page = await visit(path, true);
      expect(page.statusCode, path).toBe(200);
      expect(inlineDataBytes(page.body), path).toBeLessThanOrEqual(INLINE_DATA_LIMIT);
    }
  });

  it('read the profile page in a bounded number of queries', async () => {
    await visit(`/members/${shownId}`, true);
    queries = 0;
    const page = await visit(`/members/${shownId}`, true);
    expect(page.statusCode).toBe(200);
    // Session with the viewer's account, profile with its presence, blocks-likes-and-paid in one
    // (issue 36), photos, related, free messages sent.
    expect(queries).toBeLessThanOrEqual(6);
  });

  it('read the search page in three queries', async () => {
    await visit('/members', true);
    queries = 0;
    const page = await visit('/members', true);
    expect(page.statusCode).toBe(200);
    // The session with the account (which says what the search needs of the member too), and
    // the page of cards beside its count and partner cards; the member's own profile is not read again.
    expect(queries).toBeLessThanOrEqual(3);
  });
});

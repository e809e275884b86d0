import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, type SiteRow } from '../db/schema/index';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { changesShownPages } from './page-cache-invalidation';

/** Visitors' public pages kept and shared (ADR 0038), against the production build. */

let ctx: TestContext;
let site: SiteRow;
let shown: { id: number };
let member: { id: number; email: string };
let cookies: { rdv_session: string };
let renders = 0;

beforeAll(async () => {
  ctx = await createTestContext({ pages: true, env: { PAGE_CACHE_SECONDS: '10', PAGE_CACHE_STALE_SECONDS: '30' } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  shown = await createVisibleMember(ctx, site, { name: 'Ottilie' });
  member = await createVisibleMember(ctx, site, { name: 'Bartholomew', gender: 'male', seeking: 'female' });
  cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
  // Every page render asks for the root's texts once: counting the asks counts the renders.
  const translator = ctx.services.translator;
  const getMessages = translator.getMessages.bind(translator);
  translator.getMessages = (...args) => {
    renders += 1;
    return getMessages(...args);
  };
});
afterAll(() => ctx.close());

const visit = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } });
const asMember = (url: string) => ctx.app.inject({ url, cookies, headers: { 'accept-encoding': 'identity' } });
const scriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\ssrc=/.test(match[1]!) && match[2])
    .map((match) => `'sha256-${crypto.createHash('sha256').update(match[2]!).digest('base64')}'`);

describe('a visitor’s page', () => {
  it('is rendered once, then served byte for byte from the cache', async () => {
    const first = await visit('/pages/terms?b=2&a=1');
    const second = await visit('/pages/terms?a=1&b=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('carries no nonce: its CSP lists the hash of every inline script it has, and nothing else runs inline', async () => {
    const page = await visit('/');
    const csp = String(page.headers['content-security-policy']);
    const hashes = scriptHashes(page.body);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(csp).toContain(hash);
    expect(csp).not.toContain('nonce-');
    expect(page.body).not.toMatch(/nonce="[^"]/);
  });

  it('says how a CDN may keep it, what it varies by, and where its stylesheet and entry are', async () => {
    const page = await visit('/');
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    expect(page.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie, cf-ipcountry');
    expect(page.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(page.headers.link).toMatch(
      /^<\/assets\/app-[\w-]+\.css>; rel=preload; as=style, <\/assets\/entry\.client-[\w-]+\.js>; rel=modulepreload, <\/theme\/\d+\.[\w-]+\.css>; rel=preload; as=style/,
    );
    // The site's own stylesheet is the one the page links; its font, when it has one, comes next.
    const themeHref = /<link rel="stylesheet" href="(\/theme\/[^"]+)"/.exec(page.body)?.[1];
    expect(String(page.headers.link)).toContain(`<${themeHref}>; rel=preload; as=style`);
  });

  it('describes the search and a profile to search engines and link previews', async () => {
    const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    // Addresses of their own, so the member tests below still find these pages not yet kept.
    const search = await visit('/members?utm_source=meta');
    const profile = await visit(`/members/${shown.id}?utm_source=meta`);
    expect(description(search.body)).toBe(site.description);
    expect(description(profile.body)).toMatch(/^Ottilie, \d+/);
    expect(description(profile.body)).toContain(site.description);
  });

  it('answers 304 to the ETag it was sent with', async () => {
    const page = await visit('/');
    const again = await visit('/', { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(page.headers.etag);
    expect((await visit('/', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('is sent compressed from the cache as brotli or gzip, whichever the browser prefers', async () => {
    const plain = await visit('/');
    const br = await visit('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await visit('/', { 'accept-encoding': 'gzip' });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('is kept apart per language, country and cookie choice', async () => {
    const english = await visit('/pages/privacy', { 'accept-language': 'en' });
    const german = await visit('/pages/privacy', { 'accept-language': 'de' });
    expect(german.headers['x-cache']).toBe('miss');
    expect(german.body).toContain('lang="de"');
    expect(english.body).toContain('lang="en"');
    expect((await visit('/pages/privacy', { 'accept-language': 'en', 'cf-ipcountry': 'DE' })).headers['x-cache']).toBe('miss');
    const consent = encodeURIComponent(JSON.stringify({ v: 1, s: 1, m: 0, t: 1764000000 }));
    expect((await visit('/pages/privacy', { 'accept-language': 'en', cookie: `rdv_consent=${consent}` })).headers['x-cache']).toBe('miss');
    expect((await visit('/pages/privacy', { 'accept-language': 'en', cookie: `rdv_consent=${consent}` })).headers['x-cache']).toBe('hit');
  });

  it('is rendered once for ten visitors asking at the same moment', async () => {
    const calibration = renders;
    await visit('/landers/gallery/autumn-campaign');
    const oneRender = renders - calibration;
    expect(oneRender).toBeGreaterThan(0);
    const before = renders;
    const pages = await Promise.all(Array.from({ length: 10 }, () => visit('/landers/gallery/spring-campaign')));
    expect(pages.map((page) => page.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(pages.map((page) => page.body)).size).toBe(1);
    expect(renders - before).toBe(oneRender);
  });

  it('is not kept when it is no page (404), nor is a page’s data request', async () => {
    expect((await visit('/members/999999')).statusCode).toBe(404);
    // `//` (a host-less URL to a URL parser) is answered as a page like `/`, never with a 500.
    expect((await visit('//')).statusCode).toBe(200);
    expect((await visit('/members/999999')).headers['x-cache']).toBe('miss');
    const data = await visit('/members.data');
    expect(data.headers['x-cache']).toBeUndefined();
    expect(data.headers['cache-control']).toBe('private, no-cache');
  });

  it('is served stale once past its time while one render replaces it', async () => {
    const kept = await visit('/landers/video');
    await ctx.db.update(sites).set({ name: 'Stale Brand' }).where(eq(sites.id, site.id));
    ctx.services.sites.invalidate();
    ctx.clock.advance(11_000);
    const stale = await visit('/landers/video');
    expect(stale.headers['x-cache']).toBe('stale');
    expect(stale.body).toBe(kept.body);
    await expect.poll(async () => (await visit('/landers/video')).body, { timeout: 20_000, interval: 200 }).toContain('Stale Brand');
    expect((await visit('/landers/video')).headers['x-cache']).toBe('hit');
  });
});

describe('a member', () => {
  it('never gets a visitor’s kept page, and never fills the cache with theirs', async () => {
    const visitor = await visit('/members');
    expect((await visit('/members')).headers['x-cache']).toBe('hit');
    const own = await asMember('/members');
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-cache']).toBeUndefined();
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.body).toContain(member.email);
    expect(visitor.body).not.toContain(member.email);

    const profile = await asMember(`/members/${shown.id}`);
    expect(profile.body).toContain(member.email);
    const seenByVisitor = await visit(`/members/${shown.id}`);
    expect(seenByVisitor.headers['x-cache']).toBe('miss');
    expect(seenByVisitor.body).not.toContain(member.email);
  });

  it('gets their page streamed and compressed as before', async () => {
    const page = await ctx.app.inject({ url: '/members', cookies, headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain(member.email);
  });

  it('gets a fresh nonce on every page, the one its scripts carry', async () => {
    const [one, two] = [await asMember('/members'), await asMember('/members')];
    const nonceOf = (page: typeof one) => /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1]!;
    expect(nonceOf(one)).not.toBe(nonceOf(two));
    for (const page of [one, two]) {
      const nonces = new Set([...page.body.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((match) => match[1]));
      expect([...nonces]).toEqual([nonceOf(page)]);
    }
  });

  it('is also a visitor to the cache when only a stale staff cookie comes along: bypassed, never kept', async () => {
    const page = await ctx.app.inject({ url: '/pages/imprint', cookies: { rdv_staff: 'x' } });
    expect(page.headers['x-cache']).toBeUndefined();
    expect((await visit('/pages/imprint')).headers['x-cache']).toBe('miss');
  });
});

describe('the cache is dropped', () => {
  it('when an operator changes the site, through the site change bus', async () => {
    await visit('/landers/socialnetwork');
    expect((await visit('/landers/socialnetwork')).headers['x-cache']).toBe('hit');
    await ctx.db.update(sites).set({ name: 'Renamed Brand' }).where(eq(sites.id, site.id));
    await ctx.services.siteChanges.publish(site.id);
    const after = await visit('/landers/socialnetwork');
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('Renamed Brand');
  });

  it('when a shown member changes their profile, for every page of every site', async () => {
    const other = await createSite(ctx.db, { domain: 'other.example' });
    await visit(`/members/${member.id}`);
    await ctx.app.inject({ url: '/', headers: { host: 'other.example' } });
    expect((await visit(`/members/${member.id}`)).headers['x-cache']).toBe('hit');
    const change = await ctx.app.inject({ method: 'PUT', url: '/api/profile.php', cookies, payload: { name: 'Marigold' } });
    expect(change.statusCode).toBe(200);
    const after = await visit(`/members/${member.id}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('Marigold');
    expect((await ctx.app.inject({ url: '/', headers: { host: 'other.example' } })).headers['x-cache']).toBe('miss');
    expect(other.id).not.toBe(site.id);
  });

  it('not when a member does something visitors never see (a like)', async () => {
    await visit('/landers/iconslanding');
    const like = await ctx.app.inject({ method: 'POST', url: '/api/like.php', cookies, payload: { profile_id: shown.id } });
    expect(like.statusCode).toBeLessThan(300);
    expect((await visit('/landers/iconslanding')).headers['x-cache']).toBe('hit');
  });

  it('counts the routes that declare it and every console write as changes visitors see, and not likes or reads', () => {
    const declared = { url: '/api/profile.php', config: { changesShownPages: true as const } };
    expect(changesShownPages('PUT', declared)).toBe(true);
    expect(changesShownPages('POST', { url: '/api/admin/members/:id/ban', config: {} })).toBe(true);
    expect(changesShownPages('GET', { url: '/api/admin/members', config: {} })).toBe(false);
    expect(changesShownPages('POST', { url: '/api/like.php', config: {} })).toBe(false);
  });
});

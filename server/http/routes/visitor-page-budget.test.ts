import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';

/**
 * The visitors' pages' script budget (issues 18–20: Lighthouse mobile ≥ 95 on `/` and the
 * landers). What a page preloads is what a phone downloads and runs before it responds; these
 * figures come from the production build (build/client) the pages really link.
 */

let ctx: TestContext;
let profilePath = '';
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Default', domainLanguage: 'en-US' });
  profilePath = `/members/${(await createVisibleMember(ctx, site)).id}`;
});
afterAll(() => ctx.close());

/** The scripts a page loads before it can respond: its module preloads (React Router lists every static import there). */
function preloadedScripts(html: string) {
  return [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((match) => fs.readFileSync(`build/client${match[1]}`));
}
const gzipBytes = (files: Buffer[]) => files.reduce((sum, file) => sum + zlib.gzipSync(file, { level: 9 }).length, 0);

/**
 * Code that must load only when it is used, found by what it carries whatever its chunk is
 * called: zod's schema classes, react-markdown's options, react-bootstrap's Modal (its body class)
 * and Dropdown (Popper).
 */
const LAZY_CODE = [
  ['zod', '$ZodObject'],
  ['react-markdown', 'mdastExtensions'],
  ['the Modal', '`modal-open'],
  ['the Dropdown', 'popper'],
] as const;

/** `{profile}`: a profile visitors may see (issue 19 holds search and a profile to the same scores). */
const VISITOR_PAGES = ['/', '/landers/gallery', '/landers/tinderswipe', '/members/1/landing', '/pages/terms', '/login', '/members', '{profile}'];
const addressOf = (page: string) => page.replace('{profile}', profilePath);

describe('a visitor page’s scripts', () => {
  it.each(VISITOR_PAGES)('%s preloads at most 16 modules, at most 150 KB gzip of code', async (page) => {
    const response = await ctx.app.inject({ url: addressOf(page) });
    expect([200, 404]).toContain(response.statusCode);
    const scripts = preloadedScripts(response.body);
    // The route manifest is preloaded too (ADR 0047): data, not code to run, and the same file on every page.
    const manifests = [...response.body.matchAll(/<link rel="modulepreload" href="\/assets\/manifest-/g)].length;
    // Before: 58 modules and 212.7 KB on / (zod, the dialogs, the dropdowns and 40 small chunks); now 11 and 142 KB.
    expect(scripts.length).toBeGreaterThan(0);
    expect(manifests).toBe(1);
    expect(scripts.length - manifests).toBeLessThanOrEqual(16);
    // Code and the route manifest have budgets of their own (ADR 0055, amendment): the manifest grows with every console page.
    const isManifest = (file: Buffer) => file.subarray(0, 40).toString('utf8').startsWith('window.__reactRouterManifest=');
    expect(scripts.filter(isManifest)).toHaveLength(1);
    expect(gzipBytes(scripts.filter((file) => !isManifest(file)))).toBeLessThanOrEqual(150 * 1024);
    expect(gzipBytes(scripts.filter(isManifest))).toBeLessThanOrEqual(8 * 1024);
  });

  it.each(VISITOR_PAGES)('%s preloads no zod, Markdown, modal or dropdown code', async (page) => {
    const scripts = preloadedScripts((await ctx.app.inject({ url: addressOf(page) })).body).map((file) => file.toString('utf8'));
    for (const [name, marker] of LAZY_CODE)
      expect(
        scripts.some((script) => script.includes(marker)),
        name,
      ).toBe(false);
  });

  it('measures search and the profile as pages, not as a not-found page', async () => {
    for (const page of ['/members', '{profile}']) expect((await ctx.app.inject({ url: addressOf(page) })).statusCode, page).toBe(200);
  });

  it('keeps those markers true to the build: each is in some chunk of it', () => {
    const chunks = fs.readdirSync('build/client/assets').filter((file) => file.endsWith('.js'));
    const contents = chunks.map((file) => fs.readFileSync(`build/client/assets/${file}`, 'utf8'));
    for (const [name, marker] of LAZY_CODE)
      expect(
        contents.some((content) => content.includes(marker)),
        name,
      ).toBe(true);
  });
});

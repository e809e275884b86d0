import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRow } from '../db/schema/index';
import { createSite } from '../../tests/factories/sites';
import { createStaffMember } from '../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';

/**
 * Issue 32: a site's own Terms (and other legal pages) saved in the console replace the built-in
 * text at once, with the page cache on, and only on that site.
 */

let ctx: TestContext;
let site: SiteRow;
let otherSite: SiteRow;
let admin: Awaited<ReturnType<typeof createStaffMember>>;

beforeAll(async () => {
  ctx = await createTestContext({ pages: true, env: { PAGE_CACHE_SECONDS: '10', PAGE_CACHE_STALE_SECONDS: '30' } });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, domainLanguage: 'de-DE', companyAdded: new Date('2025-03-04T10:00:00Z') });
  otherSite = await createSite(ctx.db);
  admin = await createStaffMember(ctx, 'admin');
});
afterAll(() => ctx.close());

const visit = (url: string, options: { host?: string; language?: string } = {}) =>
  ctx.app.inject({
    url,
    headers: { 'accept-encoding': 'identity', ...(options.host && { host: options.host }) },
    cookies: { i18n_redirected: options.language ?? 'de' },
  });

async function saveSite(payload: Record<string, unknown>) {
  const current = (await ctx.app.inject({ url: `/api/admin/sites/${site.id}`, cookies: admin.cookies })).json<{ version: number }>();
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/sites/${site.id}`,
    cookies: admin.cookies,
    payload: { version: current.version, ...payload },
  });
  expect(response.statusCode).toBe(200);
}

describe('GET /pages/terms after an operator saves the site’s own terms', () => {
  it('shows the saved text at once, in the site’s language, with the spec’s version date', async () => {
    const before = await visit('/pages/terms');
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('Unsere eigenen Bedingungen');

    await saveSite({ custom_pages: { terms: { title: 'Unsere AGB', markdown: 'Unsere eigenen Bedingungen.\n\n**Fett** <script>alert(1)</script>' } } });

    const after = await visit('/pages/terms');
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('<h1 class="h2">Unsere AGB</h1>');
    expect(after.body).toContain('Unsere eigenen Bedingungen.');
    expect(after.body).toContain('<strong>Fett</strong>');
    expect(after.body).not.toContain('<script>alert(1)');
    // Spec §9: the later of 2023-12-01 12:00 UTC and the company's date, in the page language.
    expect(after.body).toContain('Fassung vom 4. März 2025');
  });

  it('shows a translation saved for the visitor’s language, else the site’s own text', async () => {
    await saveSite({
      custom_pages: { terms: { title: 'Unsere AGB', markdown: 'Unsere eigenen Bedingungen.' } },
      localized_texts: { en: { custom_pages: { terms: { title: 'Our terms', markdown: 'Our own conditions.' } } } },
    });
    const english = await visit('/pages/terms', { language: 'en' });
    expect(english.body).toContain('Our own conditions.');
    expect(english.body).toContain('Version of March 4, 2025');
    const french = await visit('/pages/terms', { language: 'fr' });
    expect(french.body).toContain('Unsere eigenen Bedingungen.');
  });

  it('replaces the privacy statement the same way', async () => {
    await saveSite({ custom_pages: { privacy: { title: 'Datenschutz', markdown: 'Wir speichern wenig.' } } });
    expect((await visit('/pages/privacy')).body).toContain('Wir speichern wenig.');
  });

  it('leaves another site’s built-in terms as they are', async () => {
    const other = await visit('/pages/terms', { host: otherSite.domain, language: 'en' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('Unsere eigenen Bedingungen');
    expect(other.body).not.toContain('Our own conditions');
    expect(other.body).toContain('These terms and conditions apply to your use of');
  });
});

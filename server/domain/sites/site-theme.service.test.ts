import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../../contract/theme';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { StaffActor } from '../audit/audit.service';
import { makePng } from '../photos/image-fixtures';
import { isAppError } from '../shared/app-error';
import { EVERY_SITE } from '../staff/site-scope';

let ctx: TestContext;
const admin: StaffActor = { id: null, email: 'brand@ops.example', role: 'admin', ip: '203.0.113.7' };
const violet = { ...DEFAULT_THEME, primary: '#7c3aed', secondary: '#5b21b6', dark: '#1e1b4b', accent: '#f59e0b', font: 'montserrat' as const, radius: 2 };

beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const auditOf = (siteId: number) => ctx.services.audit.page({ targetType: 'site', targetId: String(siteId) });

describe('siteTheme.update', () => {
  it('saves colours, font and radius with the version read, audited in the same write, and the stylesheet follows', async () => {
    const site = await createSite(ctx.db);
    const before = ctx.services.siteThemes.stylesheetOf(site);
    const saved = await ctx.services.siteTheme.update(admin, site.id, { version: site.version, ...violet });
    expect(saved.version).toBe(site.version + 1);
    expect(saved.theme).toMatchObject({ primary: '#7c3aed', font: 'montserrat', radius: 2 });
    const [entry] = await auditOf(site.id);
    expect(entry).toMatchObject({ action: 'site.theme.update', staffEmail: 'brand@ops.example' });
    expect(entry.diff).toMatchObject({ before: { theme: {} }, after: { theme: { primary: '#7c3aed', radius: 2 } } });
    const after = ctx.services.siteThemes.stylesheetOf(saved);
    expect(after.href).not.toBe(before.href);
    expect(after.css).toContain('--bs-primary: #7c3aed;');
    expect(after.css).toContain("--bs-body-font-family: 'Montserrat Variable'");
    expect(after.css).toContain('--bs-border-radius: 2px;');
  });

  it('refuses a theme whose text would be hard to read, naming the pair and its ratio, and writes nothing', async () => {
    const site = await createSite(ctx.db);
    const refused = await ctx.services.siteTheme
      .update(admin, site.id, { version: site.version, ...DEFAULT_THEME, primary: '#ff9ec4' })
      .catch((error: unknown) => error);
    expect(isAppError(refused)).toBe(true);
    if (!isAppError(refused)) return;
    expect(refused.code).toBe('theme_contrast_too_low');
    expect(refused.params).toMatchObject({
      pair: expect.stringMatching(/primary buttons/),
      ratio: '2.37',
      foreground: '#ffffff',
      background: '#e68eb0',
      minimum: '4.5',
    });
    expect(refused.fields.map((field) => field.field)).toEqual(['body.primary']);
    expect((await ctx.services.siteTheme.get(site.id, EVERY_SITE)).theme).toEqual({});
    expect(await auditOf(site.id)).toEqual([]);
  });

  it('refuses an edit from an older version (409)', async () => {
    const site = await createSite(ctx.db);
    await ctx.services.siteTheme.update(admin, site.id, { version: site.version, ...violet });
    const stale = await ctx.services.siteTheme.update(admin, site.id, { version: site.version, ...DEFAULT_THEME }).catch((error: unknown) => error);
    expect(isAppError(stale) && stale.code).toBe('version_conflict');
  });
});

describe('siteTheme images', () => {
  it('re-encodes an uploaded logo to WebP, keeps its shape, replaces and removes it, each audited', async () => {
    const site = await createSite(ctx.db);
    const first = await ctx.services.siteTheme.setImage(admin, site.id, 'logo', await makePng(300, 100), 'image/png');
    const key = first.theme.logo_key!;
    expect(key).toMatch(new RegExp(`^themes/${site.id}-logo-[0-9a-f]{24}\\.webp$`));
    expect(first.theme.logo_aspect).toBe(3);
    expect((await ctx.services.storage.read(key))!.subarray(8, 12).toString()).toBe('WEBP');
    expect(ctx.services.siteThemes.stylesheetOf(first).css).toContain(`--rdv-logo: url("/media/${key}")`);

    const second = await ctx.services.siteTheme.setImage(admin, site.id, 'logo', await makePng(200, 200), 'image/png');
    expect(await ctx.services.storage.read(key)).toBeNull();
    const removed = await ctx.services.siteTheme.removeImage(admin, site.id, 'logo');
    expect(removed.theme.logo_key).toBeNull();
    expect(await ctx.services.storage.read(second.theme.logo_key!)).toBeNull();
    expect((await auditOf(site.id)).map((entry) => entry.action)).toEqual(['site.theme.logo', 'site.theme.logo', 'site.theme.logo']);
  });

  it('refuses what is not an image and keeps the site as it was', async () => {
    const site = await createSite(ctx.db);
    const refused = await ctx.services.siteTheme.setImage(admin, site.id, 'hero', Buffer.from('<script>'), 'image/png').catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('photo_not_an_image');
    expect((await ctx.services.siteTheme.get(site.id, EVERY_SITE)).theme).toEqual({});
  });
});

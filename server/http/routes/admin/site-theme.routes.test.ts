import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../../../contract/theme';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { makePng } from '../../../domain/photos/image-fixtures';
import { EVERY_SITE } from '../../../domain/staff/site-scope';

let ctx: TestContext;
let admin: Record<string, string>;
let support: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = (await createStaffMember(ctx, 'admin')).cookies;
  support = (await createStaffMember(ctx, 'support')).cookies;
});
afterAll(() => ctx.close());

function multipart(contentType: string, data: Buffer) {
  const boundary = 'themeboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="logo.png"\r\nContent-Type: ${contentType}\r\n\r\n`);
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('GET/PUT /api/admin/sites/:id/theme', () => {
  it('shows the spec palette for a site nobody themed, and 404 for no site', async () => {
    const site = await createSite(ctx.db);
    const shown = await ctx.app.inject({ url: `/api/admin/sites/${site.id}/theme`, cookies: admin });
    expect(shown.json()).toEqual({
      site_id: site.id,
      version: 1,
      theme: { ...DEFAULT_THEME, logo: null, hero: null },
      css: expect.stringMatching(new RegExp(`^/theme/${site.id}\\.[\\w-]{12}\\.css$`)),
    });
    expect((await ctx.app.inject({ url: '/api/admin/sites/999999/theme', cookies: admin })).statusCode).toBe(404);
  });

  it('validates every field with a problem per field and changes nothing', async () => {
    const site = await createSite(ctx.db);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sites/${site.id}/theme`,
      cookies: admin,
      payload: { ...DEFAULT_THEME, version: 1, primary: 'pink', accent: '#12345', font: 'comic-sans', radius: 99 },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(['body.accent', 'body.font', 'body.primary', 'body.radius']);
    expect((await ctx.services.siteTheme.get(site.id, EVERY_SITE)).version).toBe(1);
  });

  it('refuses poor contrast with a message naming the pair and the ratio (400)', async () => {
    const site = await createSite(ctx.db);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sites/${site.id}/theme`,
      cookies: admin,
      payload: { ...DEFAULT_THEME, version: 1, secondary: '#f0a0c0' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'theme_contrast_too_low',
      message:
        'White text on hovered buttons and selected items (secondary colour): contrast 2.00:1 (#ffffff on #f0a0c0). WCAG AA needs at least 4.5:1 for text — choose a darker or lighter colour.',
      fields: [{ field: 'body.secondary' }, { field: 'body.secondary' }],
    });
  });

  it('saves (upper-case colours read as lower case) and audits; support staff may neither read nor write it', async () => {
    const site = await createSite(ctx.db);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sites/${site.id}/theme`,
      cookies: admin,
      payload: { ...DEFAULT_THEME, version: 1, primary: '#7C3AED', font: 'lora', radius: 0 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, theme: { primary: '#7c3aed', font: 'lora', radius: 0 } });
    const [entry] = await ctx.services.audit.page({ targetType: 'site', targetId: String(site.id) });
    expect(entry).toMatchObject({ action: 'site.theme.update', role: 'admin' });
    expect((await ctx.app.inject({ url: `/api/admin/sites/${site.id}/theme`, cookies: support })).statusCode).toBe(403);
    const denied = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/sites/${site.id}/theme`,
      cookies: support,
      payload: { ...DEFAULT_THEME, version: 2 },
    });
    expect([denied.statusCode, denied.json().error]).toEqual([403, 'staff_forbidden']);
  });

  it('takes a logo as multipart, serves it re-encoded, and removes it; a non-image is a 400', async () => {
    const site = await createSite(ctx.db);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/theme/logo`,
      cookies: admin,
      ...multipart('image/png', await makePng(240, 80)),
    });
    expect(uploaded.statusCode).toBe(200);
    const logo = uploaded.json().theme.logo as string;
    expect(logo).toMatch(/^\/media\/themes\/\d+-logo-[0-9a-f]{24}\.webp$/);
    expect((await ctx.app.inject({ url: logo })).headers['content-type']).toBe('image/webp');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/theme/hero`,
      cookies: admin,
      ...multipart('image/png', Buffer.from('nope')),
    });
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'photo_not_an_image']);
    const unknown = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/sites/${site.id}/theme/favicon`, cookies: admin });
    expect(unknown.statusCode).toBe(400);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/sites/${site.id}/theme/logo`, cookies: admin });
    expect(removed.json().theme.logo).toBeNull();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { makeJpeg } from '../../../domain/photos/image-fixtures';
import { auditLog, type SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let owner: Record<string, string>;
let admin: Record<string, string>;
let moderator: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, memberResell: true, loggedOutSearch: 'all' });
  owner = (await createStaffMember(ctx, 'owner')).cookies;
  admin = (await createStaffMember(ctx, 'admin')).cookies;
  moderator = (await createStaffMember(ctx, 'moderator')).cookies;
});
afterAll(() => ctx.close());

const newCard = { kind: 'cam', name: 'Nina', age: 26, city: 'Köln', url: 'https://live.partner.example/nina' };

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----partner-card-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('/api/admin/partner-cards', () => {
  it('lets owners and admins add, edit and deactivate cards, and audits each write', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/partner-cards', cookies: admin, payload: { ...newCard, site_id: site.id } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ site_id: site.id, kind: 'cam', name: 'Nina', active: true, sort_order: 0, image: null });

    const edited = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/partner-cards/${id}`, cookies: owner, payload: { active: false, sort_order: 5 } });
    expect(edited.json()).toMatchObject({ active: false, sort_order: 5 });
    const listed = await ctx.app.inject({ url: `/api/admin/partner-cards?site_id=${site.id}`, cookies: admin });
    expect(listed.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ id, active: false })]));

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'partner_card'), eq(auditLog.targetId, String(id))));
    expect(audit.map((row) => row.action).sort()).toEqual(['partner_card.create', 'partner_card.update']);
  });

  it('refuses roles without the sites permissions', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/partner-cards', cookies: moderator })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/partner-cards', cookies: moderator, payload: newCard })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/partner-cards' })).statusCode).toBe(401);
  });

  it.each([
    ['a plain http address', { url: 'http://live.partner.example/nina' }, 'body.url'],
    ['a script address', { url: 'javascript:alert(1)' }, 'body.url'],
    ['credentials in the address', { url: 'https://user:secret@live.partner.example/' }, 'body.url'],
    ['an address without a domain', { url: 'https://intranet/' }, 'body.url'],
    ['an under-age card', { age: 17 }, 'body.age'],
    ['markup in the name', { name: '<b>Nina</b>' }, 'body.name'],
    ['an unknown kind', { kind: 'escort' }, 'body.kind'],
    ['an unknown site', { site_id: 987_654 }, 'body.site_id'],
  ])('refuses %s with a 400 naming the field', async (_label, change, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/partner-cards', cookies: owner, payload: { ...newCard, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((entry: { field: string }) => entry.field)).toContain(field);
  });

  it('tells the operator what a refused address or name needs, not only that it is wrong', async () => {
    const post = (change: object) => ctx.app.inject({ method: 'POST', url: '/api/admin/partner-cards', cookies: owner, payload: { ...newCard, ...change } });
    expect((await post({ url: 'http://live.partner.example/nina' })).json().fields).toEqual([
      { field: 'body.url', label: 'Web address', problem: 'Web address: Enter a secure web address that starts with https://.' },
    ]);
    expect((await post({ name: '<b>Nina</b>' })).json().fields).toEqual([
      { field: 'body.name', label: 'Name', problem: 'Name: Use a plain name, without < or >.' },
    ]);
  });

  it('refuses unknown fields and a missing card', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/partner-cards', cookies: owner, payload: { ...newCard, image_key: '../../etc/passwd' } }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/admin/partner-cards/999999', cookies: owner, payload: { active: false } })).statusCode).toBe(
      404,
    );
  });

  it('takes an image as multipart and serves it re-encoded; a non-image is a 400', async () => {
    const id = (await ctx.app.inject({ method: 'POST', url: '/api/admin/partner-cards', cookies: owner, payload: newCard })).json().id as number;
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-cards/${id}/image`,
      cookies: owner,
      ...multipart('nina.jpg', 'image/jpeg', await makeJpeg(500, 500)),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().image).toMatch(/^\/media\/partners\/[0-9a-f]{32}\.webp$/);
    const served = await ctx.app.inject({ url: uploaded.json().image });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);

    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-cards/${id}/image`,
      cookies: owner,
      ...multipart('x.jpg', 'image/jpeg', Buffer.from('not a photo')),
    });
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'photo_not_an_image']);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/partner-cards/${id}/image`,
          cookies: moderator,
          ...multipart('nina.jpg', 'image/jpeg', await makeJpeg(500, 500)),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('partner cards in members.php', () => {
  it('come with the first page, tracked with the configured domain whatever host headers say, apart from the members', async () => {
    await createVisibleMember(ctx, site);
    const created = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/partner-cards',
        cookies: owner,
        payload: { ...newCard, name: 'Shown', kind: 'resell', url: 'https://dating.partner.example/go' },
      })
    ).json();
    const response = await ctx.app.inject({ url: '/api/members.php', headers: { 'x-forwarded-host': 'evil.example' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const shown = body.partner_cards.find((entry: { id: number }) => entry.id === created.id);
    expect(new URL(shown.url).searchParams.get('utm_source')).toBe(site.domain);
    expect(body.results.some((member: { name: string }) => member.name === 'Shown')).toBe(false);
    expect(body.numResults).toBe(body.results.length);
  });
});

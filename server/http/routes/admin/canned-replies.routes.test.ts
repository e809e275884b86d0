import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let admin: Record<string, string>;
let host: Record<string, string>;
let moderator: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = (await createStaffMember(ctx, 'admin')).cookies;
  host = (await createStaffMember(ctx, 'host')).cookies;
  moderator = (await createStaffMember(ctx, 'moderator')).cookies;
});
afterAll(() => ctx.close());

const reply = { language: 'en', title: 'Greeting', body: 'Hello {name}, nice to hear from you!' };

describe('canned replies over HTTP', () => {
  it('lets an admin create, edit and delete; a host reads them for the site', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/canned-replies', cookies: admin, payload: { site_id: site.id, ...reply } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ site_id: site.id, ...reply });

    const edited = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/canned-replies/${id}`, cookies: admin, payload: { title: 'Hello' } });
    expect([edited.statusCode, edited.json().title]).toEqual([200, 'Hello']);

    const listed = await ctx.app.inject({ url: `/api/admin/canned-replies?site_id=${site.id}&language=en`, cookies: host });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toEqual([expect.objectContaining({ id, title: 'Hello', body: reply.body })]);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/canned-replies/${id}`, cookies: admin })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/canned-replies/${id}`, cookies: admin })).statusCode).toBe(404);
  });

  it('refuses hosts writing and roles without the inbox reading (403)', async () => {
    const byHost = await ctx.app.inject({ method: 'POST', url: '/api/admin/canned-replies', cookies: host, payload: { site_id: site.id, ...reply } });
    expect(byHost.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/admin/canned-replies?site_id=${site.id}`, cookies: moderator })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/admin/canned-replies?site_id=${site.id}` })).statusCode).toBe(401);
  });

  it('answers bad input with 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ site_id: site.id, ...reply, title: '' }, 'title'],
      [{ site_id: site.id, ...reply, body: 'x'.repeat(2001) }, 'body'],
      [{ site_id: site.id, ...reply, language: 'xx' }, 'language'],
      [{ site_id: 999_999, ...reply }, 'site_id'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/canned-replies', cookies: admin, payload });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    const unknownField = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/canned-replies/1', cookies: admin, payload: { site_id: 2 } });
    expect(unknownField.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/admin/canned-replies', cookies: host })).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = (await createStaffMember(ctx, 'admin')).cookies;
});
afterAll(() => ctx.close());

/** What the console's form sends: the editable fields only. */
const formValues = { name: 'Lena', gender: 'female', seeking: 'male', date_of_birth: '1995-05-05', country: 'NL', city: 'Leiden', about: '', status: 'active' };

async function create(payload: Record<string, unknown>, cookies = admin, language = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/fictional-profiles',
    cookies: { ...cookies, i18n_redirected: language },
    payload: { site_id: site.id, ...payload },
  });
}

describe('editing a fictional profile over HTTP', () => {
  it('saves what the console form sends', async () => {
    const created = (await create(formValues)).json();
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/fictional-profiles/${created.id}`,
      cookies: admin,
      payload: { version: created.version, ...formValues, name: 'Lena Maria', city: null },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Lena Maria', city: null, version: created.version + 1, is_fictional: true });
  });

  it('names each field that cannot be sent back, such as the id or the fictional flag', async () => {
    const created = (await create(formValues)).json();
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/fictional-profiles/${created.id}`,
      cookies: admin,
      payload: { ...created, about: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json().fields as { field: string; problem: string }[]).map((field) => field.field).sort();
    expect(fields).toEqual(['body.id', 'body.is_fictional', 'body.site_id', 'body.under_age', 'body.updated_at']);
    expect(refused.json().fields[0].problem).toBe('Id: This field does not belong here.');
  });

  it('refuses a date of birth under 18 with the operator’s words, in their language', async () => {
    const refused = await create({ ...formValues, date_of_birth: '2015-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'date_of_birth_under_age',
      message: 'Every profile must be of someone aged 18 or over: this date of birth is too recent.',
      fields: [{ field: 'date_of_birth', code: 'date_of_birth_under_age' }],
    });
    // The console speaks the staff member's own language (ADR 0061), whatever the browser asks.
    const germanAdmin = (await createStaffMember(ctx, 'admin', { consoleLanguage: 'de' })).cookies;
    const german = await create({ ...formValues, date_of_birth: '2015-01-01' }, germanAdmin, 'de');
    expect(german.json().message).toBe('Jedes Profil muss einer Person ab 18 Jahren gehören: Dieses Geburtsdatum liegt zu kurz zurück.');
    const created = (await create(formValues)).json();
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/fictional-profiles/${created.id}`,
      cookies: admin,
      payload: { version: created.version, date_of_birth: '2010-06-30' },
    });
    expect([edited.statusCode, edited.json().error]).toEqual([400, 'date_of_birth_under_age']);
  });

  it('lets only roles that manage fictional profiles edit them', async () => {
    const created = (await create(formValues)).json();
    for (const role of ['host', 'moderator', 'support'] as const) {
      const { cookies } = await createStaffMember(ctx, role);
      const refused = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/fictional-profiles/${created.id}`,
        cookies,
        payload: { version: created.version, about: 'x' },
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});

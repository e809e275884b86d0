import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

/**
 * Issue 32: the console answers in each staff member's own language — their refused forms name
 * fields in it — and they choose that language themselves.
 */

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

describe('a German-speaking staff member’s refused form', () => {
  it('names the field, the amount and the problem in German', async () => {
    const admin = await createStaffMember(ctx, 'admin', { consoleLanguage: 'de' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/bundles`,
      cookies: admin.cookies,
      // The browser's language is not the staff member's: theirs wins.
      headers: { 'accept-language': 'en-GB' },
      payload: { credits: 10, prices: { '*': { currency: 'EUR', amount: 100 }, DE: { currency: 'EUR', amount: 20_000_000 } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'validation_failed',
      message: 'Bitte prüfen: Preis (Deutschland).',
      fields: [
        {
          field: 'body.prices.DE.amount',
          label: 'Preis (Deutschland)',
          problem: 'Preis (Deutschland): Geben Sie einen Betrag von höchstens 100.000,00\u00a0€ ein.',
        },
      ],
    });
  });

  it('says a negative number is not possible, in German', async () => {
    const admin = await createStaffMember(ctx, 'admin', { consoleLanguage: 'de' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/bundles`,
      cookies: admin.cookies,
      payload: { credits: -5, prices: { '*': { currency: 'EUR', amount: 100 } } },
    });
    expect(response.json()).toMatchObject({
      message: 'Bitte prüfen: Credits.',
      fields: [{ field: 'body.credits', label: 'Credits', problem: 'Credits: Geben Sie 1 oder mehr ein; eine negative Zahl ist hier nicht möglich.' }],
    });
  });

  it('stays English for an English-speaking colleague on a German browser', async () => {
    const admin = await createStaffMember(ctx, 'admin', { consoleLanguage: 'en' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/bundles`,
      cookies: admin.cookies,
      headers: { 'accept-language': 'de-DE' },
      payload: { credits: -5, prices: { '*': { currency: 'EUR', amount: 100 } } },
    });
    expect(response.json().message).toBe('Please check: Credits.');
  });
});

describe('before sign-in', () => {
  it('refuses an unreadable sign-in in the browser’s language', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { 'accept-language': 'de-AT,de;q=0.9' },
      payload: { email: 'ops@example.com', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Bitte prüfen: /);
  });
});

describe('PUT /api/admin/me/language', () => {
  it('saves the staff member’s own console language and answers in it from then on', async () => {
    const support = await createStaffMember(ctx, 'support');
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/admin/me/language', cookies: support.cookies, payload: { language: 'de' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: support.member.id, console_language: 'de' });
    const [entry] = await ctx.services.audit.page({ action: 'staff.console_language', targetId: String(support.member.id) });
    expect(entry).toMatchObject({ staffId: support.member.id, diff: { before: { console_language: 'en' }, after: { console_language: 'de' } } });

    const refused = await ctx.app.inject({ method: 'PUT', url: '/api/admin/me/language', cookies: support.cookies, payload: { language: 'xx' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Bitte prüfen: /);
  });

  it('needs a signed-in staff member', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/admin/me/language', payload: { language: 'de' } });
    expect(response.statusCode).toBe(401);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSettingsOf } from '../../../contract/page-settings';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

/** Issue 20, ADR 0049: what every visitor of a site sees in one language is a cached file each page names. */

let ctx: TestContext;
let main: SiteRow;
let other: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  main = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Main', supportEmail: 'help@main.test', countries: ['NL', 'DE'] });
  other = await createSite(ctx.db, { domain: 'other.settings.test', name: 'Other', supportEmail: 'help@other.test', countries: ['NL', 'DE'] });
});
afterAll(() => ctx.close());

const visit = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } });
const settingsUrlIn = (html: string) =>
  /<link rel="preload" as="fetch" href="(\/site-settings\/[a-z]{2}\.[0-9a-f]{16}\.json)" crossorigin="anonymous" data-site-settings=""\/>/.exec(html)?.[1];
const inlineData = (html: string) =>
  [...html.matchAll(/<script[^>]*>(window\.__reactRouterContext\.streamController\.enqueue[\s\S]*?)<\/script>/g)].map((match) => match[1]!).join('');

describe('GET /site-settings/<language>.<hash>.json', () => {
  it('serves the page’s site’s settings in its language, for a year, under the hash of its bytes', async () => {
    const page = await visit('/members', { 'cf-ipcountry': 'DE' });
    const url = settingsUrlIn(page.body)!;
    expect(url).toMatch(/^\/site-settings\/en\./);

    const file = await visit(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    const hash = crypto.createHash('sha256').update(file.body).digest('hex').slice(0, 16);
    expect(url).toBe(`/site-settings/en.${hash}.json`);

    // Exactly the settings pages read, less what the page carries itself (the visitor's country, the head's texts).
    const expected = pageSettingsOf(ctx.services.sites.toPublicSettings(main, { country: 'DE' }, 'en'));
    const { geoip_country: _country, geoip_selected_country: _selected, name: _name, index_title: _title, description: _description, ...shared } = expected;
    expect(file.json()).toEqual(shared);
    expect(file.json()).toMatchObject({ support_email: 'help@main.test', countries: ['NL', 'DE'] });
  });

  it('names one file for every visitor of a site and language, whatever their country', async () => {
    const fromGermany = settingsUrlIn((await visit('/members', { 'cf-ipcountry': 'DE' })).body);
    const fromTheNetherlands = settingsUrlIn((await visit('/members', { 'cf-ipcountry': 'NL' })).body);
    expect(fromGermany).toBe(fromTheNetherlands);
  });

  it('gives each site and each language its own file', async () => {
    const mainUrl = settingsUrlIn((await visit('/login')).body)!;
    const otherUrl = settingsUrlIn((await visit('/login', { host: other.domain })).body)!;
    const germanUrl = settingsUrlIn((await visit('/login', { cookie: 'i18n_redirected=de' })).body)!;
    expect(new Set([mainUrl, otherUrl, germanUrl]).size).toBe(3);
    expect(germanUrl).toMatch(/^\/site-settings\/de\./);
    expect((await visit(otherUrl, { host: other.domain })).json()).toMatchObject({ support_email: 'help@other.test' });
  });

  it('answers an old address (a page rendered before an edit) with today’s settings, not kept', async () => {
    const response = await visit('/site-settings/en.0000000000000000.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(response.json()).toMatchObject({ support_email: 'help@main.test' });
  });

  it('answers 404 for a language the platform does not speak, and 400 for what is no settings file’s name', async () => {
    expect((await visit('/site-settings/xx.0000000000000000.json')).statusCode).toBe(404);
    expect((await visit('/site-settings/en.json')).statusCode).toBe(400);
    expect((await visit('/site-settings/')).statusCode).toBe(400);
  });
});

describe('a page’s data', () => {
  it('carries the visitor’s country and the head’s texts, and none of the shared settings', async () => {
    for (const cookie of [undefined, `rdv_session=${await memberSession()}`]) {
      const data = inlineData((await visit('/members', { 'cf-ipcountry': 'DE', ...(cookie && { cookie }) })).body);
      expect(data).toContain('geoip_selected_country');
      expect(data).toContain('settingsFile');
      for (const name of ['support_email', 'push_public_key', 'fictional_warning', 'visible_profile_fields', 'minimum_message_costs', 'countries']) {
        expect(data, name).not.toContain(name);
      }
    }
  });
});

async function memberSession(): Promise<string> {
  const member = await createVisibleMember(ctx, main, { name: 'Reader' });
  return ctx.services.sessions.start(member.id, 'test');
}

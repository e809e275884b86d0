import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Default', domainLanguage: 'en-US' });
  await createSite(ctx.db, {
    domain: 'flirt.test',
    name: 'Flirt',
    domainLanguage: 'de-DE',
    countries: ['DE', 'AT', 'CH'],
    indexTitle: 'Flirten mit Niveau',
    fictionalWarning: 'Mit ★ markierte Profile sind fiktiv.',
    localizedTexts: { en: { index_title: 'Classy flirting', fictional_warning: 'Profiles marked ★ are fictional.' } },
  });
});
afterAll(() => ctx.close());

describe('GET /api/settings.php', () => {
  it('answers with the settings of the site the host names', async () => {
    const response = await ctx.app.inject({ url: '/api/settings.php', headers: { host: 'flirt.test', 'cf-ipcountry': 'at' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Flirt', domain: 'flirt.test', geoip_country: 'AT', geoip_selected_country: 'AT' });
  });

  it('answers JSON for each visitor country from the same cached site', async () => {
    for (const [country, selected] of [
      ['ch', 'CH'],
      ['fr', 'DE'],
      ['at', 'AT'],
    ]) {
      const response = await ctx.app.inject({ url: '/api/settings.php', headers: { host: 'flirt.test', 'cf-ipcountry': country } });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toMatchObject({ geoip_country: country.toUpperCase(), geoip_selected_country: selected });
    }
  });

  it('gives the operator’s texts in the request’s language, each language from its own cached answer', async () => {
    const ask = async (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
      (await ctx.app.inject({ url: '/api/settings.php', headers: { host: 'flirt.test', 'cf-ipcountry': 'de', ...headers }, cookies })).json();
    expect(await ask({}, { i18n_redirected: 'en' })).toMatchObject({ index_title: 'Classy flirting', fictional_warning: 'Profiles marked ★ are fictional.' });
    expect(await ask({}, { i18n_redirected: 'de' })).toMatchObject({
      index_title: 'Flirten mit Niveau',
      fictional_warning: 'Mit ★ markierte Profile sind fiktiv.',
    });
    expect(await ask({ 'accept-language': 'en-GB,en;q=0.8' })).toMatchObject({ index_title: 'Classy flirting' });
    // No texts in French: the site's own language, all of them, never half and half.
    expect(await ask({}, { i18n_redirected: 'fr' })).toMatchObject({
      index_title: 'Flirten mit Niveau',
      fictional_warning: 'Mit ★ markierte Profile sind fiktiv.',
    });
  });

  it('lets forced_domain choose the site, as the first server-side load does', async () => {
    const response = await ctx.app.inject({ url: '/api/settings.php?forced_domain=www.flirt.test:443&ref=abc' });
    expect(response.json().name).toBe('Flirt');
  });

  it('serves the default site for an unknown host', async () => {
    const response = await ctx.app.inject({ url: '/api/settings.php', headers: { host: 'nobody.example' } });
    expect(response.json().name).toBe('Default');
  });

  it('refuses a forced_domain that is not a host name with a 400 and the field named', async () => {
    const response = await ctx.app.inject({ url: '/api/settings.php?forced_domain=%3Cscript%3E' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: [{ field: 'querystring.forced_domain' }] });
    expect(response.json().message).toContain('forced_domain');
  });
});

describe('GET /api/companyinfo.php', () => {
  it('answers with the company behind the site', async () => {
    const body = (await ctx.app.inject({ url: '/api/companyinfo.php', headers: { host: 'flirt.test' } })).json();
    expect(Object.keys(body).sort()).toEqual(
      ['added', 'address', 'city', 'country', 'delete_discount', 'kvk', 'name', 'support_phone', 'tradenames', 'vat_numbers'].sort(),
    );
  });
});

describe('GET /api/interests.php', () => {
  it('names the interests in the language of the i18n_redirected cookie', async () => {
    const body = (await ctx.app.inject({ url: '/api/interests.php', cookies: { i18n_redirected: 'de' } })).json();
    expect(body.interests).toContainEqual({ id: 'travel', name: 'Reisen' });
  });

  it('follows the domain language when there is no cookie nor browser language', async () => {
    const body = (await ctx.app.inject({ url: '/api/interests.php', headers: { host: 'flirt.test' } })).json();
    expect(body.interests).toContainEqual({ id: 'music', name: 'Musik' });
  });
});

describe('GET /api/regions.php', () => {
  it('lists a country’s regions with its region word', async () => {
    const body = (await ctx.app.inject({ url: '/api/regions.php?country=nl' })).json();
    expect(body).toMatchObject({ country: 'NL', region_word: 'province', region_word_label: 'Province' });
    expect(body.regions).toContainEqual({ id: 'NL-07', name: 'Noord-Holland' });
  });

  it.each(['', 'X', 'NLD', 'JP'])('answers 400 for country=%s', async (country) => {
    const response = await ctx.app.inject({ url: `/api/regions.php?country=${country}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });
});

describe('GET /api/geocode.php', () => {
  it('finds the nearest city offline', async () => {
    const body = (await ctx.app.inject({ url: '/api/geocode.php?lat=52.37&lon=4.89' })).json();
    expect(body).toMatchObject({ city: 'Amsterdam', country: 'NL', region: 'NL-07' });
  });

  it('answers 404 far from any served country', async () => {
    const response = await ctx.app.inject({ url: '/api/geocode.php?lat=0&lon=-30' });
    expect(response.statusCode).toBe(404);
  });

  it.each(['lat=91&lon=0', 'lat=abc&lon=1', 'lon=4'])('answers 400 for %s', async (query) => {
    const response = await ctx.app.inject({ url: `/api/geocode.php?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });
});

describe('POST /api/page-hidden.php', () => {
  it('answers 204 to a beacon with an empty JSON body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: {} });
    expect(response.statusCode).toBe(204);
  });

  it('answers 204 to a text/plain beacon too', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(204);
  });

  it('refuses a cross-site request', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { origin: 'https://evil.example', host: 'localhost' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('csrf_failed');
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 in the request language', async () => {
    const response = await ctx.app.inject({ url: '/api/nothing.php', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'This page could not be found' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('health', () => {
  it('reports liveness and readiness', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('go with every answer: JSON, a refusal and an unknown route', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ url: '/api/settings.php' }),
      ctx.app.inject({ url: '/api/settings.php?forced_domain=%3Cscript%3E' }),
      ctx.app.inject({ url: '/api/no-such-call.php' }),
    ]);
    for (const response of answers) {
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
    }
  });
});

import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSignup } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createStaffMember } from '../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { isNestedDeeperThan, JSON_BODY_LIMIT, MAX_JSON_DEPTH } from './json-body';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const json = { 'content-type': 'application/json' };
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('isNestedDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or after an escaped quote', () => {
    expect(isNestedDeeperThan(nested(3), 3)).toBe(false);
    expect(isNestedDeeperThan(nested(4), 3)).toBe(true);
    expect(isNestedDeeperThan('{"a":{"b":[{}]}}', 4)).toBe(false);
    expect(isNestedDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(isNestedDeeperThan(`{"text":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    // An unclosed megabyte is found at the first bracket past the limit.
    expect(isNestedDeeperThan('['.repeat(1024 * 1024), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('JSON bodies (ADR 0052)', () => {
  it('refuses a body nested past the limit before any handler runs, with a clear error', async () => {
    const email = `deep${Date.now()}@example.com`;
    // A valid sign-up with one extra, deeply nested field: the schema would drop the field and
    // the handler would create the account; the parser refuses it first.
    const payload = JSON.stringify(validSignup({ email })).replace(/}$/, `,"extra":${nested(MAX_JSON_DEPTH + 1)}}`);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', headers: json, cookies: { i18n_redirected: 'en' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body_too_deep', message: `What was sent is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` });
    expect(ctx.mailer.sent.filter((mail) => mail.to === email)).toEqual([]);
    // The same field nested within the limit is parsed (and dropped by the schema).
    const within = JSON.stringify(validSignup({ email })).replace(/}$/, `,"extra":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/signup.php', headers: json, payload: within })).statusCode).toBe(201);
  });

  it('answers a megabyte of [[[[… at once, in the visitor’s language', async () => {
    const started = performance.now();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/password-reset.php',
      headers: json,
      cookies: { i18n_redirected: 'de' },
      payload: '['.repeat(1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'body_too_large', message: 'Die gesendeten Daten sind zu groß (höchstens 64 KB).' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a body over the route’s limit with 413 and closes the connection', async () => {
    const payload = JSON.stringify({ language: 'en', padding: 'x'.repeat(JSON_BODY_LIMIT) });
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/password-reset.php', headers: json, cookies: { i18n_redirected: 'en' }, payload });
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(response.json()).toEqual({ error: 'body_too_large', message: 'What was sent is too large (at most 64 KB).' });
  });

  it('does not inflate a compressed body: a gzip bomb is refused as what it is on the wire, creating nothing', async () => {
    const email = `gzip${Date.now()}@example.com`;
    const payload = gzipSync(JSON.stringify(validSignup({ email })));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { ...json, 'content-encoding': 'gzip' },
      cookies: { i18n_redirected: 'en' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(ctx.mailer.sent.filter((mail) => mail.to === email)).toEqual([]);
  });

  it('still refuses prototype poisoning', async () => {
    for (const payload of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', headers: json, remoteAddress: '192.0.2.70', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
  });

  it('takes a console save of a site with every language’s custom pages (about 600 KB)', async () => {
    const admin = await createStaffMember(ctx, 'admin');
    const site = await createSite(ctx.db);
    const page = (language: string, index: number) => ({
      title: `${language} page ${index}`,
      markdown: `# ${language} ${index}\n\n${'Lorem ipsum dolor sit amet. '.repeat(700)}`,
    });
    const texts = (language: string) => ({
      custom_pages: Object.fromEntries(Array.from({ length: 3 }, (_, index) => [`page-${index}`, page(language, index)])),
    });
    const payload = {
      version: 1,
      localized_texts: Object.fromEntries(['en', 'de', 'nl', 'fr', 'es', 'it', 'pl', 'sv', 'da', 'nb', 'fi'].map((language) => [language, texts(language)])),
    };
    const size = Buffer.byteLength(JSON.stringify(payload));
    expect(size).toBeGreaterThan(500 * 1024);
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/sites/${site.id}`, cookies: admin.cookies, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json().localized_texts.fi.custom_pages['page-2'].title).toBe('fi page 2');
    // The members' calls keep the small limit.
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/password-reset.php', headers: json, payload: JSON.stringify(payload) })).statusCode).toBe(413);
  });
});

describe('rate limits count before the body is parsed (ADR 0052)', () => {
  /** Sends `count` bodies that could never be parsed from one address; returns the statuses. */
  async function unreadable(url: string, count: number, remoteAddress: string, payload: string) {
    const statuses: number[] = [];
    for (let call = 0; call < count; call++) {
      statuses.push((await ctx.app.inject({ method: 'POST', url, headers: json, remoteAddress, payload })).statusCode);
    }
    return statuses;
  }

  it('log-in: the 21st call within 15 minutes is refused, even a body that is not JSON', async () => {
    const statuses = await unreadable('/api/user.php', 21, '192.0.2.10', '{"email":');
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
  });

  it('password reset: the 11th call within an hour is refused, even a body nested too deeply', async () => {
    const statuses = await unreadable('/api/password-reset.php', 11, '192.0.2.11', nested(100));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('sign-up: every call counts toward 300 an hour before its body is read; sign-ups keep their 30', async () => {
    const statuses = await unreadable('/api/signup.php', 301, '192.0.2.12', nested(100));
    expect(new Set(statuses.slice(0, 300))).toEqual(new Set([400]));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: json,
      remoteAddress: '192.0.2.12',
      payload: '{"validate_only":true,"gender":"male"}',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
  });
});

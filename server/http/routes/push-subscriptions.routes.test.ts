import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createBrowserSubscription } from '../../../tests/push/browser-subscription';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createPushSubscriptionsRepository } from '../../db/repositories/push-subscriptions.repository';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

let next = 0;
async function member() {
  const user = await createVisibleMember(ctx, site);
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}
const endpointFor = () => `https://fcm.googleapis.com/fcm/send/device-${++next}-${Date.now()}`;
const stored = (userId: number) => createPushSubscriptionsRepository(ctx.db).listOf(userId);
const subscribe = (cookies: Record<string, string> | undefined, subscription: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/user.php?push=1', cookies, headers, payload: { subscription } });
const unsubscribe = (cookies: Record<string, string> | undefined, endpoint: string) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/user.php?push=1', cookies, payload: { endpoint } });

describe('POST /api/user.php?push=1', () => {
  it('stores the browser subscription of the logged-in member, once per endpoint', async () => {
    const anna = await member();
    const browser = createBrowserSubscription(endpointFor());
    const response = await subscribe(anna.cookies, browser.json);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await stored(anna.id)).toEqual([
      expect.objectContaining({ endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh, auth: browser.json.keys.auth }),
    ]);

    // The browser renewed its keys: the same endpoint, saved again, holds the new ones.
    const renewed = createBrowserSubscription(browser.json.endpoint);
    expect((await subscribe(anna.cookies, renewed.json)).statusCode).toBe(200);
    expect((await stored(anna.id)).map((row) => row.p256dh)).toEqual([renewed.json.keys.p256dh]);
  });

  it('moves an endpoint to the member who logged in on that browser last', async () => {
    const anna = await member();
    const ben = await member();
    const browser = createBrowserSubscription(endpointFor());
    await subscribe(anna.cookies, browser.json);
    expect((await subscribe(ben.cookies, browser.json)).statusCode).toBe(200);
    expect(await stored(anna.id)).toEqual([]);
    expect((await stored(ben.id)).map((row) => row.endpoint)).toEqual([browser.json.endpoint]);
  });

  it('takes the padding some browsers add to the keys, and keeps them without it', async () => {
    const anna = await member();
    const browser = createBrowserSubscription(endpointFor());
    const padded = { ...browser.json, keys: { p256dh: `${browser.json.keys.p256dh}=`, auth: `${browser.json.keys.auth}==` } };
    expect((await subscribe(anna.cookies, padded)).statusCode).toBe(200);
    expect(await stored(anna.id)).toEqual([expect.objectContaining({ p256dh: browser.json.keys.p256dh, auth: browser.json.keys.auth })]);
  });

  it.each([
    ['an http endpoint', (json: Subscription) => ({ ...json, endpoint: json.endpoint.replace('https:', 'http:') }), 'body.subscription.endpoint'],
    ['an endpoint that is no URL', (json: Subscription) => ({ ...json, endpoint: 'fcm.googleapis.com/fcm/send/x' }), 'body.subscription.endpoint'],
    [
      'an endpoint longer than 1000 characters',
      (json: Subscription) => ({ ...json, endpoint: `https://push.example/${'a'.repeat(1000)}` }),
      'body.subscription.endpoint',
    ],
    ['an endpoint with a control character', (json: Subscription) => ({ ...json, endpoint: `${json.endpoint}\u0000` }), 'body.subscription.endpoint'],
    [
      'a p256dh key of the wrong length',
      (json: Subscription) => ({ ...json, keys: { ...json.keys, p256dh: json.keys.p256dh.slice(0, 60) } }),
      'body.subscription.keys.p256dh',
    ],
    [
      'a compressed p256dh key',
      (json: Subscription) => ({ ...json, keys: { ...json.keys, p256dh: Buffer.alloc(33, 2).toString('base64url') } }),
      'body.subscription.keys.p256dh',
    ],
    [
      'a p256dh key that is no point on the curve',
      (json: Subscription) => ({ ...json, keys: { ...json.keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url') } }),
      'body.subscription.keys.p256dh',
    ],
    ['an auth secret of 8 bytes', (json: Subscription) => ({ ...json, keys: { ...json.keys, auth: 'AAAAAAAAAAA' } }), 'body.subscription.keys.auth'],
    [
      'an auth secret in standard base64',
      (json: Subscription) => ({ ...json, keys: { ...json.keys, auth: 'ab+/ab+/ab+/ab+/ab+/aQ' } }),
      'body.subscription.keys.auth',
    ],
    ['no keys', (json: Subscription) => ({ endpoint: json.endpoint }), 'body.subscription.keys'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_name, change, field) => {
    const anna = await member();
    const response = await subscribe(anna.cookies, change(createBrowserSubscription(endpointFor()).json));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: [expect.objectContaining({ field })] });
    expect(await stored(anna.id)).toEqual([]);
  });

  it('needs a logged-in member', async () => {
    const response = await subscribe(undefined, createBrowserSubscription(endpointFor()).json);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('refuses a cross-site page subscribing the member', async () => {
    const anna = await member();
    const response = await subscribe(anna.cookies, createBrowserSubscription(endpointFor()).json, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'csrf_failed' });
    expect(await stored(anna.id)).toEqual([]);
  });

  it('keeps the newest ten browsers of a member', async () => {
    const anna = await member();
    const endpoints: string[] = [];
    for (let index = 0; index < 12; index++) {
      endpoints.push(endpointFor());
      expect((await subscribe(anna.cookies, createBrowserSubscription(endpoints[index]).json)).statusCode).toBe(200);
      ctx.clock.advance(1000);
    }
    expect((await stored(anna.id)).map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());
  });
});

describe('DELETE /api/user.php?push=1', () => {
  it("removes the member's own subscription and leaves another member's alone", async () => {
    const anna = await member();
    const ben = await member();
    const annas = createBrowserSubscription(endpointFor());
    const bens = createBrowserSubscription(endpointFor());
    expect((await subscribe(anna.cookies, annas.json)).statusCode).toBe(200);
    expect((await subscribe(ben.cookies, bens.json)).statusCode).toBe(200);

    const foreign = await unsubscribe(anna.cookies, bens.json.endpoint);
    expect(foreign.statusCode).toBe(200);
    expect((await stored(ben.id)).map((row) => row.endpoint)).toEqual([bens.json.endpoint]);

    expect((await unsubscribe(anna.cookies, annas.json.endpoint)).json()).toEqual({ ok: true });
    expect(await stored(anna.id)).toEqual([]);
    // Again (a second log-out clean-up): nothing left, still fine.
    expect((await unsubscribe(anna.cookies, annas.json.endpoint)).statusCode).toBe(200);
  });

  it('needs a logged-in member and a valid endpoint', async () => {
    const anna = await member();
    const browser = createBrowserSubscription(endpointFor());
    expect((await subscribe(anna.cookies, browser.json)).statusCode).toBe(200);
    expect((await unsubscribe(undefined, browser.json.endpoint)).json()).toMatchObject({ error: 'authentication_required' });
    const malformed = await ctx.app.inject({ method: 'DELETE', url: '/api/user.php?push=1', cookies: anna.cookies, payload: { endpoint: 42 } });
    expect(malformed.statusCode).toBe(400);
    expect(await stored(anna.id)).toHaveLength(1);
  });
});

describe('user.php beside the push calls', () => {
  it('still logs in without ?push=1, still answers the member on GET with it, and has no DELETE without it', async () => {
    const anna = await member();
    const login = await ctx.app.inject({ method: 'POST', url: '/api/user.php', payload: { subscription: createBrowserSubscription(endpointFor()).json } });
    expect(login.statusCode).toBe(400);
    expect(login.json().fields.map((field: { field: string }) => field.field)).toContain('body.email');
    expect((await ctx.app.inject({ url: '/api/user.php?push=1', cookies: anna.cookies })).json().user.id).toBe(anna.id);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/user.php', cookies: anna.cookies, payload: { endpoint: endpointFor() } })).statusCode).toBe(
      404,
    );
    // push=0 or a repeated parameter whose first value is not 1 is not the push call either.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user.php?push=0',
          cookies: anna.cookies,
          payload: { subscription: createBrowserSubscription(endpointFor()).json },
        })
      ).statusCode,
    ).toBe(400);
    expect(await stored(anna.id)).toEqual([]);
  });

  it('lists the push calls in the API document apart from log-in', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(document.paths['/api/user.php?push=1']).sort()).toEqual(['delete', 'post']);
    expect(JSON.stringify(document.paths['/api/user.php'].post.requestBody)).toContain('password');
  });
});

type Subscription = ReturnType<typeof createBrowserSubscription>['json'];

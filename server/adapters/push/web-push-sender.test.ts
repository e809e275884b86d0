import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createBrowserSubscription } from '../../../tests/push/browser-subscription';
import { startPushReceiver, type PushReceiver } from '../../../tests/push/push-receiver';
import { decryptPushPayload, verifyVapidAuthorization } from '../../../tests/push/web-push-protocol';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createPushSubscriptionsRepository, type PushSubscriptionsRepository } from '../../db/repositories/push-subscriptions.repository';
import type { SiteRow } from '../../db/schema/index';
import type { PushMessage } from './push.port';
import { isNonPublicAddress } from './push-endpoint-guard';
import { PUSH_TTL_SECONDS, PushDeliveryError, createWebPushSender, type PushProblem, type WebPushSenderDeps } from './web-push-sender';

let ctx: TestContext;
let site: SiteRow;
let receiver: PushReceiver;
let subscriptions: PushSubscriptionsRepository;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  receiver = await startPushReceiver();
  subscriptions = createPushSubscriptionsRepository(ctx.db);
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});
afterEach(() => {
  receiver.received.length = 0;
});

const message: PushMessage = {
  title: 'Anna wrote to you',
  body: 'Hi! Fancy a coffee on Saturday? ☕',
  path: '/chats/12',
  tag: 'conversation-12',
  badge: 3,
  urgency: 'high',
};
let next = 0;

/** The sender as production wires it, but allowed to reach the push service on 127.0.0.1 over http. */
function senderFor(options: Partial<WebPushSenderDeps> = {}) {
  const problems: PushProblem[] = [];
  const sender = createWebPushSender({
    subscriptions,
    vapid: ctx.services.secrets.vapid,
    subject: async () => 'mailto:support@rendezvous.example',
    clock: ctx.clock,
    endpoints: { allowHttp: true, allowPrivateAddresses: true },
    timeoutMs: 2000,
    onProblem: (problem) => problems.push(problem),
    ...options,
  });
  return { sender, problems };
}

/** A member with one subscribed browser per name, each pushed to at the receiver's endpoint of that name. */
async function memberWithBrowsers(...names: string[]) {
  const user = await createVisibleMember(ctx, site);
  const browsers = new Map<string, ReturnType<typeof createBrowserSubscription>>();
  for (const name of names) {
    const unique = `${name}-${++next}`;
    const browser = createBrowserSubscription(receiver.endpoint(unique));
    await subscriptions.save(user.id, { endpoint: browser.json.endpoint, ...browser.json.keys }, ctx.clock.now(), 10);
    browsers.set(name, Object.assign(browser, { unique }));
  }
  const browser = (name: string) => browsers.get(name) as ReturnType<typeof createBrowserSubscription> & { unique: string };
  return { id: user.id, browser };
}

describe('webPushSender.send', () => {
  it('pushes the message to each browser of the member, encrypted for it and signed with the VAPID key', async () => {
    const anna = await memberWithBrowsers('phone', 'laptop');
    const { sender, problems } = senderFor();

    expect(await sender.send(anna.id, message)).toBe(2);
    expect(problems).toEqual([]);
    for (const name of ['phone', 'laptop']) {
      const browser = anna.browser(name);
      const [push] = receiver.receivedAt(browser.unique);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(push.headers.urgency).toBe('high');
      expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const vapid = verifyVapidAuthorization(push.headers.authorization, { audience: receiver.origin, now: push.at });
      expect(vapid.publicKey).toBe(ctx.services.secrets.vapid.publicKey);
      expect(vapid.claims.sub).toBe('mailto:support@rendezvous.example');
      expect(JSON.parse(decryptPushPayload(push.body, browser).toString('utf8'))).toEqual({
        title: 'Anna wrote to you',
        body: 'Hi! Fancy a coffee on Saturday? ☕',
        path: '/chats/12',
        tag: 'conversation-12',
        badge: 3,
      });
    }
    expect((await subscriptions.listOf(anna.id)).map((row) => row.lastSentAt)).toEqual([ctx.clock.now(), ctx.clock.now()]);
  });

  it('gives each push the same topic for one tag, so the push service keeps only the newest per conversation', async () => {
    const anna = await memberWithBrowsers('phone');
    const { sender } = senderFor();
    await sender.send(anna.id, message);
    await sender.send(anna.id, { ...message, body: 'Are you there?', urgency: undefined });
    await sender.send(anna.id, { ...message, tag: 'likes' });
    const pushes = receiver.receivedAt(anna.browser('phone').unique);
    expect(pushes[0].headers.topic).toBe(pushes[1].headers.topic);
    expect(pushes[2].headers.topic).not.toBe(pushes[0].headers.topic);
    expect(pushes[1].headers.urgency).toBe('normal');
  });

  it('cuts texts too long for a notification, and leaves the badge out when unknown', async () => {
    const anna = await memberWithBrowsers('phone');
    const { sender } = senderFor();
    await sender.send(anna.id, { title: 'T'.repeat(300), body: '😀'.repeat(1000), path: '/likes', tag: 'likes' });
    const payload = JSON.parse(decryptPushPayload(receiver.receivedAt(anna.browser('phone').unique)[0].body, anna.browser('phone')).toString('utf8'));
    expect(Array.from(payload.title as string)).toHaveLength(120);
    expect(Array.from(payload.body as string)).toHaveLength(400);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(payload).not.toHaveProperty('badge');
  });

  it('deletes a subscription the push service says is gone (410, 404) and still delivers to the others', async () => {
    const anna = await memberWithBrowsers('phone', 'old-laptop', 'old-tablet');
    receiver.answer(anna.browser('old-laptop').unique, 410);
    receiver.answer(anna.browser('old-tablet').unique, 404);
    const { sender, problems } = senderFor();

    expect(await sender.send(anna.id, message)).toBe(1);
    expect((await subscriptions.listOf(anna.id)).map((row) => row.endpoint)).toEqual([anna.browser('phone').json.endpoint]);
    expect(problems.map((problem) => [problem.outcome, problem.status])).toEqual([
      ['gone', 410],
      ['gone', 404],
    ]);
    // All gone is no failure to retry: there is nobody left to push to.
    const ben = await memberWithBrowsers('phone');
    receiver.answer(ben.browser('phone').unique, 410);
    expect(await senderFor().sender.send(ben.id, message)).toBe(0);
    expect(await subscriptions.listOf(ben.id)).toEqual([]);
  });

  it('keeps a subscription on a server error and throws when no browser took the push, so the job is retried', async () => {
    const anna = await memberWithBrowsers('phone');
    receiver.answer(anna.browser('phone').unique, 500);
    const { sender, problems } = senderFor();

    const failure = await sender.send(anna.id, message).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushDeliveryError);
    expect((failure as PushDeliveryError).problems).toEqual([expect.objectContaining({ outcome: 'transient', status: 500, userId: anna.id })]);
    expect(problems).toHaveLength(1);
    const [kept] = await subscriptions.listOf(anna.id);
    expect(kept).toMatchObject({ endpoint: anna.browser('phone').json.endpoint, lastSentAt: null });

    // The push service is back: the retry delivers.
    receiver.answer(anna.browser('phone').unique, 201);
    expect(await sender.send(anna.id, message)).toBe(1);
  });

  it('answers how many took it when only some browsers failed for now, without throwing (a retry would push twice)', async () => {
    const anna = await memberWithBrowsers('phone', 'laptop');
    receiver.answer(anna.browser('laptop').unique, 503);
    const { sender, problems } = senderFor();
    expect(await sender.send(anna.id, message)).toBe(1);
    expect(problems).toEqual([expect.objectContaining({ outcome: 'transient', status: 503 })]);
    expect(await subscriptions.listOf(anna.id)).toHaveLength(2);
  });

  it('treats 429 as transient, and another refusal (403) as final for the message without deleting the subscription', async () => {
    const anna = await memberWithBrowsers('phone');
    receiver.answer(anna.browser('phone').unique, 429);
    await expect(senderFor().sender.send(anna.id, message)).rejects.toBeInstanceOf(PushDeliveryError);

    receiver.answer(anna.browser('phone').unique, 403);
    const { sender, problems } = senderFor();
    expect(await sender.send(anna.id, message)).toBe(0);
    expect(problems).toEqual([expect.objectContaining({ outcome: 'rejected', status: 403 })]);
    expect(await subscriptions.listOf(anna.id)).toHaveLength(1);
  });

  it('gives up on a push service that does not answer within the timeout, and retries later', async () => {
    const anna = await memberWithBrowsers('phone');
    receiver.answer(anna.browser('phone').unique, 'hang');
    const { sender, problems } = senderFor({ timeoutMs: 300 });
    const started = Date.now();
    await expect(sender.send(anna.id, message)).rejects.toBeInstanceOf(PushDeliveryError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(problems).toEqual([expect.objectContaining({ outcome: 'transient', error: expect.stringMatching(/abort|timeout/i) })]);
    expect(await subscriptions.listOf(anna.id)).toHaveLength(1);
  });

  it('refuses, without calling anyone, a stored subscription whose keys cannot be encrypted for', async () => {
    const user = await createVisibleMember(ctx, site);
    const browser = createBrowserSubscription(receiver.endpoint(`short-auth-${++next}`));
    await subscriptions.save(user.id, { endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh, auth: 'AAAAAAAAAAA' }, ctx.clock.now(), 10);
    const { sender, problems } = senderFor();
    expect(await sender.send(user.id, message)).toBe(0);
    expect(problems).toEqual([expect.objectContaining({ outcome: 'rejected', error: expect.stringMatching(/auth/) })]);
    expect(receiver.received).toEqual([]);
  });

  it('sends nothing to a member without subscriptions', async () => {
    const user = await createVisibleMember(ctx, site);
    expect(await senderFor().sender.send(user.id, message)).toBe(0);
    expect(receiver.received).toEqual([]);
  });
});

describe('webPushSender endpoint guard (production policy)', () => {
  it.each([
    ['plain http', (port: string) => `http://127.0.0.1:${port}/push/x`],
    ['a loopback address', (port: string) => `https://127.0.0.1:${port}/push/x`],
    ['loopback written as IPv4-mapped IPv6', (port: string) => `https://[::ffff:127.0.0.1]:${port}/push/x`],
    ['the IPv6 loopback', (port: string) => `https://[::1]:${port}/push/x`],
    ['a private network address', () => 'https://10.1.2.3/push/x'],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    // Names are checked on the address they resolve to, when the connection is made.
    ['a name that resolves to loopback', (port: string) => `https://localhost:${port}/push/x`],
  ])('refuses to call %s, and deletes the subscription', async (_name, endpointOf) => {
    const user = await createVisibleMember(ctx, site);
    const port = new URL(receiver.origin).port;
    const browser = createBrowserSubscription(endpointOf(port));
    await subscriptions.save(user.id, { endpoint: browser.json.endpoint, ...browser.json.keys }, ctx.clock.now(), 10);
    const { sender, problems } = senderFor({ endpoints: undefined });

    expect(await sender.send(user.id, message)).toBe(0);
    expect(problems).toEqual([expect.objectContaining({ outcome: 'gone', error: expect.stringContaining('push endpoint refused') })]);
    expect(await subscriptions.listOf(user.id)).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});

describe('isNonPublicAddress', () => {
  it('tells the addresses of push services from those inside a network', () => {
    for (const address of ['142.250.185.74', '2a00:1450:4001:82b::200a', '34.117.65.55', '17.57.146.10']) expect(isNonPublicAddress(address)).toBe(false);
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      'not an address',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
  });
});

describe('the test push service itself', () => {
  it('notices a forged signature, a wrong audience and a payload for another browser', async () => {
    const anna = await memberWithBrowsers('phone');
    await senderFor().sender.send(anna.id, message);
    const [push] = receiver.receivedAt(anna.browser('phone').unique);
    const header = push.headers.authorization!;
    const forged = header.replace(/t=([^.]+)\.([^.]+)\./, (_all, head: string, claims: string) => {
      const changed = { ...JSON.parse(Buffer.from(claims, 'base64url').toString()), sub: 'mailto:mallory@example.com' };
      return `t=${head}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.`;
    });
    expect(() => verifyVapidAuthorization(forged, { audience: receiver.origin, now: push.at })).toThrow(/signature/);
    expect(() => verifyVapidAuthorization(header, { audience: 'https://fcm.googleapis.com', now: push.at })).toThrow(/aud/);
    expect(() => verifyVapidAuthorization(header, { audience: receiver.origin, now: new Date(push.at.getTime() + 25 * 3600_000) })).toThrow(/expired/);
    expect(() => decryptPushPayload(push.body, createBrowserSubscription('https://x.example/y'))).toThrow();
  });
});

describe('the push sender as the services wire it', () => {
  it("signs with the deployment's keys and names the default site's support address as the contact", async () => {
    const wired = await createTestContext({ services: { pushEndpoints: { allowHttp: true, allowPrivateAddresses: true } } });
    try {
      const defaultSite = await createSite(wired.db, { domain: wired.config.defaultSiteDomain, supportEmail: 'help@flirt.example' });
      const user = await createVisibleMember(wired, defaultSite);
      const browser = createBrowserSubscription(receiver.endpoint(`wired-${++next}`));
      await createPushSubscriptionsRepository(wired.db).save(user.id, { endpoint: browser.json.endpoint, ...browser.json.keys }, wired.clock.now(), 10);

      expect(await wired.services.pushSender.send(user.id, message)).toBe(1);
      const [push] = receiver.received;
      const vapid = verifyVapidAuthorization(push.headers.authorization, { audience: receiver.origin, now: push.at });
      expect(vapid.publicKey).toBe(wired.services.secrets.vapid.publicKey);
      expect(vapid.claims.sub).toBe('mailto:help@flirt.example');
      expect(JSON.parse(decryptPushPayload(push.body, browser).toString('utf8'))).toMatchObject({ title: message.title, path: message.path });
    } finally {
      await wired.close();
    }
  });
});

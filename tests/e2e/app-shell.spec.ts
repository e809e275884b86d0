import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMember, logIn, type E2eMember } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en, text } from './support/locales';

const t = en;
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/rendezvous-shots';
const WIDTHS = [390, 1280] as const;

let browser: Browser;
let member: E2eMember;
beforeAll(async () => {
  // Web push needs a granted notification permission, which only the full browser honours (ADR 0072).
  browser = await launchBrowser({ fullBrowser: true });
  const confirmed = await confirmedMember(browser);
  member = confirmed.member;
  await confirmed.context.close();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

/**
 * Headless Chromium here cannot reach a real push service, so `pushManager.subscribe` is
 * replaced by one handing out a subscription with real P-256 keys (the real protocol is proved
 * server side against a local push receiver). It lives in localStorage, as a browser keeps one.
 */
function fakePushManager(keys: { p256dh: string; auth: string }): string {
  // A script text, not a function: the test's compiler would wrap named functions in helpers
  // the page does not have.
  return `(() => {
    const keys = ${JSON.stringify(keys)};
    const stored = () => localStorage.getItem('e2e-push-endpoint');
    const subscription = (endpoint) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      unsubscribe: async () => { localStorage.removeItem('e2e-push-endpoint'); return true; },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem('e2e-push-endpoint', 'https://push.invalid/e2e/' + crypto.randomUUID());
      return subscription(stored());
    };
    PushManager.prototype.getSubscription = async function () {
      const endpoint = stored();
      return endpoint ? subscription(endpoint) : null;
    };
  })();`;
}

function subscriptionKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

/**
 * `user.php?push=1` as the server answers it. Where this build's server does not have the
 * push routes yet (DELETE answers 404), the journey answers them itself, so the browser's side
 * is still proved; the requests are recorded either way.
 */
async function watchPushCalls(context: BrowserContext, page: Page) {
  const calls: Array<{ method: string; body: any; status: number }> = [];
  const landed = await page.evaluate(async () => {
    const probe = await fetch('/api/user.php?push=1', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', 'x-request-type': 'client' },
      body: JSON.stringify({ endpoint: 'https://push.invalid/none' }),
    });
    return probe.status !== 404;
  });
  await context.route('**/api/user.php?push=1', async (route) => {
    const request = route.request();
    if (landed) {
      const response = await route.fetch();
      calls.push({ method: request.method(), body: request.postDataJSON(), status: response.status() });
      return route.fulfill({ response });
    }
    calls.push({ method: request.method(), body: request.postDataJSON(), status: 200 });
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
  });
  return calls;
}

async function memberBrowser(options: { permission?: 'granted' | 'denied'; installed?: boolean } = {}) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  if (options.permission === 'granted') await context.grantPermissions(['notifications'], { origin: baseUrl() });
  if (options.permission === 'denied') {
    // The browser's own "Block" answer: Playwright can grant permissions, not refuse them.
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      Notification.requestPermission = async () => 'denied';
    });
  }
  await context.addInitScript({ content: fakePushManager(subscriptionKeys()) });
  if (options.installed) {
    // Chromium has no switch for the display mode: the page is told it runs standalone.
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({ ...original(query), matches: true, media: query, addEventListener() {}, removeEventListener() {} } as MediaQueryList)
          : original(query);
    });
  }
  const page = await openPage(context);
  await logIn(page, member);
  await page.waitForURL('**/members');
  return { context, page };
}

async function screenshots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const pushState = (page: Page) => page.getByTestId('push-state');

describe('push notifications and the installed app', () => {
  it('switches push on from /notifications, keeps push preferences beside the e-mail ones, and lets go of the device at log-out', async () => {
    const { context, page } = await memberBrowser({ permission: 'granted' });
    const calls = await watchPushCalls(context, page);

    // The invitation in the members area, and the photo alert before it (no photo yet).
    await page.getByTestId('hide-enrich-alert').getByText(t('alerts.enrich_text')).waitFor();
    await screenshots(page, 'alert-enrich');
    await page
      .getByTestId('hide-enrich-alert')
      .getByRole('button', { name: t('alerts.close') })
      .click();
    const invitation = page.getByTestId('hide-push-notification-alert');
    await invitation.getByText(t('alerts.push_text')).waitFor();
    await screenshots(page, 'alert-push');
    await expectAccessible(page);

    await page.goto(`${baseUrl()}/notifications`);
    const push = page.getByRole('region', { name: t('push.title') });
    await pushState(page).and(page.locator('[data-state="not_subscribed"]')).waitFor();
    await screenshots(page, 'notifications-not-subscribed');
    const posted = page.waitForRequest((request: Request) => request.url().endsWith('/api/user.php?push=1') && request.method() === 'POST');
    await push.getByRole('button', { name: t('push.subscribe') }).click();
    await posted;
    await push.getByText(t('push.state_subscribed')).waitFor();
    expect(await pushState(page).getAttribute('data-state')).toBe('subscribed');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.status).toBe(200);
    expect(post.body.subscription).toMatchObject({
      endpoint: expect.stringMatching(/^https:\/\/push\.invalid\/e2e\//),
      keys: { p256dh: expect.any(String), auth: expect.any(String) },
    });

    // Push preferences: stored, and still there after a reload, the e-mail ones untouched.
    const likes = push.getByRole('switch', { name: t('settings.notification_types.like') });
    expect(await likes.isChecked()).toBe(true);
    await likes.uncheck();
    await push.getByRole('status').getByText(t('settings.saved')).waitFor();
    await page.reload();
    await push.getByText(t('push.state_subscribed')).waitFor();
    expect(await push.getByRole('switch', { name: t('settings.notification_types.like') }).isChecked()).toBe(false);
    expect(await push.getByRole('switch', { name: t('settings.notification_types.new_messages') }).isChecked()).toBe(true);
    const email = page.getByRole('region', { name: t('settings.notifications_title') });
    expect(await email.getByRole('switch', { name: t('settings.notification_types.like') }).isChecked()).toBe(true);
    await screenshots(page, 'notifications-subscribed');
    await expectAccessible(page);

    // Subscribed: no invitation in the members area any more.
    await page.goto(`${baseUrl()}/members`);
    await page.locator('.profile-card').first().waitFor();
    expect(await page.getByTestId('hide-push-notification-alert').count()).toBe(0);

    // Off and on again from the settings.
    await page.goto(`${baseUrl()}/notifications`);
    await push.getByRole('button', { name: t('push.unsubscribe') }).click();
    await push.getByRole('button', { name: t('push.subscribe') }).waitFor();
    const removed = calls.filter((call) => call.method === 'DELETE').at(-1)!;
    expect(removed.body.endpoint).toBe(post.body.subscription.endpoint);
    await push.getByRole('button', { name: t('push.subscribe') }).click();
    await push.getByText(t('push.state_subscribed')).waitFor();

    // Log-out: the server forgets this device before the session ends.
    const before = calls.filter((call) => call.method === 'DELETE').length;
    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('button', { name: t('nav.logout') }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(calls.filter((call) => call.method === 'DELETE').length).toBe(before + 1);
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-endpoint'))).toBeNull();
    expectNoConsoleErrors(page, [`${baseUrl()}/api/user.php?push=1`]);
    await context.close();
  });

  it('explains a blocked permission instead of offering a button that cannot work', async () => {
    const { context, page } = await memberBrowser({ permission: 'denied' });
    await watchPushCalls(context, page);
    await page.goto(`${baseUrl()}/notifications`);
    const push = page.getByRole('region', { name: t('push.title') });
    await push.getByText(t('push.state_denied')).waitFor();
    await push.getByText(t('push.denied_hint')).waitFor();
    expect(await push.getByRole('button', { name: t('push.subscribe') }).count()).toBe(0);
    await screenshots(page, 'notifications-denied');
    // Nor does the members area invite a member who blocked notifications.
    await page.goto(`${baseUrl()}/members`);
    await page.locator('.profile-card').first().waitFor();
    expect(await page.getByTestId('hide-push-notification-alert').count()).toBe(0);
    await expectAccessible(page);
    expectNoConsoleErrors(page, [`${baseUrl()}/api/user.php?push=1`]);
    await context.close();
  });

  it('tells a member whose mail bounced, links to the address, and switches mail back on', async () => {
    const { context, page } = await memberBrowser({ permission: 'granted' });
    await watchPushCalls(context, page);
    // The mail provider's bounce is the mail delivery's to record (its own tests): here the
    // member's refreshed record carries the reason, as user.php answers after a bounce.
    let resumed = false;
    await context.route('**/api/user.php', async (route) => {
      const response = await route.fetch();
      if (route.request().method() !== 'GET' || resumed) return route.fulfill({ response });
      const body = await response.json();
      body.user.notifications_disabled = ['bounce'];
      return route.fulfill({ response, json: body });
    });
    const resumeCall = page.waitForRequest((request: Request) => request.url().endsWith('/api/notifications.php') && request.method() === 'PUT');
    const alert = page.getByTestId('hide-disabled-notifications-alert');
    // The first refresh comes 5 s after the page loads (spec §4).
    await alert.getByText(t('alerts.mail_stopped_bounce', { email: member.email })).waitFor({ timeout: 15_000 });
    await alert.getByRole('link', { name: t('alerts.change_email') }).waitFor();
    expect(await alert.getByRole('link', { name: t('alerts.change_email') }).getAttribute('href')).toBe('/notifications#email');
    await screenshots(page, 'alert-mail-stopped');
    await expectAccessible(page);
    resumed = true;
    await alert.getByRole('button', { name: t('alerts.resume_mail') }).click();
    expect((await resumeCall).postDataJSON()).toEqual({ resume_mail: true });
    await page.getByText(t('alerts.mail_resumed')).waitFor();
    expectNoConsoleErrors(page, [`${baseUrl()}/api/user.php?push=1`]);
    await context.close();
  });

  it('remembers a closed alert after a reload', async () => {
    const { context, page } = await memberBrowser({ permission: 'granted' });
    await watchPushCalls(context, page);
    await page
      .getByTestId('hide-enrich-alert')
      .getByRole('button', { name: t('alerts.close') })
      .click();
    await page.reload();
    await page.getByTestId('hide-push-notification-alert').waitFor();
    expect(await page.getByTestId('hide-enrich-alert').count()).toBe(0);
    expect(Number(await page.evaluate(() => localStorage.getItem('hide-enrich-alert')))).toBeGreaterThan(Date.now() - 60_000);
    expectNoConsoleErrors(page, [`${baseUrl()}/api/user.php?push=1`]);
    await context.close();
  });

  it('shows the offline page in the visitor’s language when a page cannot load, and names the manifest', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await openPage(context);
    await page.goto(`${baseUrl()}/`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    // The worker is installed with the offline page kept before it takes the page over.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    await context.setOffline(true);
    // Not page.goto, which waits for the app to start: the offline page has no script.
    await page.evaluate(() => window.location.assign('/members'));
    await page.getByRole('heading', { name: text('de', 'app_shell.offline_title') }).waitFor();
    await page.screenshot({ path: `${SHOTS}/offline-1280.png` });
    await context.setOffline(false);
    await page.getByRole('link', { name: text('de', 'app_shell.offline_retry') }).click();
    await page.waitForURL('**/members');
    await page.locator('.profile-card').first().waitFor();
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`shows the installed app's back button on a profile opened from the search, at ${width} px`, async () => {
      const { context, page } = await memberBrowser({ installed: true });
      await page.setViewportSize({ width, height: 900 });
      await page.locator('.profile-card').first().waitFor();
      // The search itself is no detail page: no back button.
      expect(await page.getByTestId('back-button').count()).toBe(0);
      await page.locator('.profile-card').first().getByRole('link').first().click();
      await page.waitForURL(/\/members\/\d+$/);
      const back = page.getByTestId('back-button');
      await back.waitFor();
      await page.screenshot({ path: `${SHOTS}/installed-back-${width}.png` });
      await back.click();
      await page.waitForURL(/\/members$/);
      // Opened straight (from a push, a link): nothing to go back to.
      const profile = await openPage(context);
      await profile.goto(`${baseUrl()}/members`);
      await profile.locator('.profile-card').first().waitFor();
      const href = await profile.locator('.profile-card').first().getByRole('link').first().getAttribute('href');
      await profile.goto(`${baseUrl()}${href}`);
      await profile.getByRole('heading').first().waitFor();
      expect(await profile.getByTestId('back-button').count()).toBe(0);
      expectNoConsoleErrors(page, [`${baseUrl()}/api/user.php?push=1`]);
      await context.close();
    });
  }

  it('shows no back button in a browser tab, where the browser has its own', async () => {
    const { context, page } = await memberBrowser();
    await page.locator('.profile-card').first().getByRole('link').first().click();
    await page.waitForURL(/\/members\/\d+$/);
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByTestId('back-button').count()).toBe(0);
    await context.close();
  });
});

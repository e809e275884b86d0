import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { profiles, users } from '../../server/db/schema/index';
import { buildHttpApp } from '../../server/http/app';
import { createServices, type Services } from '../../server/services';
import { createSite } from '../factories/sites';
import { loadProductionBuild } from '../setup/test-services';
import { expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en } from './support/locales';

/**
 * The unsubscribe link of a notification mail, as a member follows it. The journeys' shared
 * server has nothing yet that mails a notification on its own, so this journey runs its own
 * production-built server in-process, where it can hand the notifier a notification to send.
 */
let browser: Browser;
let database: DatabaseHandle;
let services: Services;
let app: FastifyInstance;
let base: string;
let dataDir: string;
let siteId: number;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-unsubscribe-'));
  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  database = await openDatabase({ kind: 'pglite', dir: null });
  services = await createServices(config, database);
  const build = await loadProductionBuild();
  app = await buildHttpApp(services, { ssr: { mode: 'production', getBuild: async () => build }, clientAssetsDir: path.resolve('build/client') });
  await app.listen({ port, host: '127.0.0.1' });
  base = `http://localhost:${port}`;
  siteId = (await createSite(database.db, { domain: 'localhost', name: 'Rendezvous Journeys' })).id;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await services?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function createMember() {
  const [user] = await database.db
    .insert(users)
    .values({ siteId, email: `unsubscriber${Date.now()}@example.com`, passwordHash: 'not-used', status: 'active' })
    .returning();
  await database.db
    .insert(profiles)
    .values({ id: user.id, name: 'Mira', gender: 'female', seeking: 'male', dateOfBirth: '1991-03-02', country: 'NL', status: 'active' });
  return user;
}

describe('unsubscribing from one kind of notification mail', () => {
  it('opens the link from the mail, says which kind it switches off, switches it off on the click, and the settings show it', async () => {
    const member = await createMember();
    await services.notifier.notify(member.id, 'weekly_updates', { template: 'weekly_updates', path: '/members' }, { key: `weekly:${member.id}` });
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await openPage(context);

    // The mail in the outbox (production opens it only with the key printed at start).
    await page.goto(`${base}/dev/outbox?key=${encodeURIComponent(services.secrets.outboxKey)}`);
    const mail = page.getByTestId('outbox-entry').filter({ hasText: member.email }).first();
    await mail.waitFor();
    await mail.locator('a[href*="/unsubscribe?token="]').click();
    await page.waitForURL('**/unsubscribe?token=**');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    const kind = en('settings.notification_types.weekly_updates');
    await page.getByText(en('unsubscribe.will_switch_off', { kind })).waitFor();
    // Opening the page changed nothing: mail scanners open links too.
    const before = (await database.db.select().from(users).where(eq(users.id, member.id)))[0];
    expect(before.emailNotificationsOff).toEqual([]);
    await expectAccessible(page);

    await page.getByRole('button', { name: en('unsubscribe.confirm') }).click();
    await page.getByText(en('unsubscribe.done', { kind })).waitFor();
    const after = (await database.db.select().from(users).where(eq(users.id, member.id)))[0];
    expect(after.emailNotificationsOff).toEqual(['weekly_updates']);

    // Opening the same link again says it is off already.
    await page.reload();
    await page.getByText(en('unsubscribe.already_off', { kind })).waitFor();

    // Signed in, the member's notification settings show that kind off and the others on.
    await context.addCookies([{ name: 'rdv_session', value: await services.sessions.start(member.id, 'journey'), url: base }]);
    await page.getByRole('link', { name: en('unsubscribe.to_settings') }).click();
    await page.waitForURL('**/notifications');
    await expect.poll(() => page.locator('#notify-weekly_updates').isChecked()).toBe(false);
    expect(await page.locator('#notify-new_messages').isChecked()).toBe(true);
    expectNoConsoleErrors(page);
    await context.close();
  });

  it('says a tampered link is expired or invalid, and changes nothing', async () => {
    const member = await createMember();
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await openPage(context);
    await page.goto(`${base}/unsubscribe?token=${member.id}.like.${'A'.repeat(43)}`);
    await page.getByRole('alert').getByText(en('unsubscribe.invalid')).waitFor();
    expect(await page.getByRole('button', { name: en('unsubscribe.confirm') }).count()).toBe(0);
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await context.close();
  });
});

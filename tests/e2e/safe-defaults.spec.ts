import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../setup/server-process';
import { logIn, openOutbox } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en, text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const demoMember = (n: number) => ({ email: `demo${n}@rendezvous.example`, password: 'rendezvous-demo' });

describe('a production install keeps its keys', () => {
  it("shows nobody the outbox without the printed key, and mails links on the site's own address", async () => {
    const stranger = await openPage(await browser.newContext({ locale: 'en-US' }));
    const outbox = await stranger.goto(`${baseUrl()}/dev/outbox`);
    expect(outbox?.status()).toBe(404);
    await stranger.getByText(en('errors.not_found')).first().waitFor();

    // A reset asked for someone else's account: the link goes to their mailbox, not to the asker.
    await stranger.goto(`${baseUrl()}/reset-password`);
    await stranger.getByLabel(en('login.email')).fill(demoMember(7).email);
    await stranger.getByRole('button', { name: en('reset.submit') }).click();
    await stranger.getByRole('status').filter({ hasText: /\S/ }).first().waitFor();
    expect((await stranger.goto(`${baseUrl()}/dev/outbox`))?.status()).toBe(404);
    expect(await stranger.locator('body').innerText()).not.toContain('reset-password/do');
    expectNoConsoleErrors(stranger, [`${baseUrl()}/dev/outbox`]);
    await stranger.context().close();

    // Whoever started the server has the key: the mail is there, its link on the configured origin.
    const operator = await openPage(await browser.newContext({ locale: 'en-US' }));
    await openOutbox(operator);
    expect(new URL(operator.url()).search).toBe('');
    const mail = operator
      .getByTestId('outbox-entry')
      .filter({ hasText: demoMember(7).email })
      .first();
    const link = await mail.getByRole('link').first().getAttribute('href');
    expect(link).toMatch(new RegExp(`^${baseUrl()}/reset-password/do\\?token=`));
    expectNoConsoleErrors(operator);
    await operator.context().close();
  });

  it('says on every page that payments are a demo when the demo checkout is on', async () => {
    const page = await openPage(await browser.newContext({ locale: 'de-DE' }));
    for (const address of ['/', '/pages/terms', '/login', '/no-such-page']) {
      await page.goto(`${baseUrl()}${address}`);
      await expect.poll(() => page.getByTestId('demo-payments-banner').innerText()).toBe(text('de', 'demo_banner.text'));
    }
    await expectAccessible(page);
    expectNoConsoleErrors(page, [`${baseUrl()}/no-such-page`]);
    await page.context().close();
  });
});

describe('a production install without a payment provider', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-e2e-nopay-'));
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_MEMBERS: '8', PAYMENTS: '' }, { timeoutMs: 150_000 });
  });
  afterAll(async () => {
    await server?.stop('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says payments are unavailable instead of offering anything to pay with', async () => {
    const origin = server.url.replace('127.0.0.1', 'localhost');
    const page = await openPage(await browser.newContext({ locale: 'en-US' }));
    await logIn(page, demoMember(1), 'en', origin);
    await page.waitForURL('**/members');
    expect(await page.getByTestId('demo-payments-banner').count()).toBe(0);

    await page.goto(`${origin}/credits`);
    await page.getByTestId('payments-unavailable').getByText(en('errors.payments_unavailable')).waitFor();
    expect(await page.getByTestId('bundle').count()).toBe(0);
    await expectAccessible(page);

    await page.goto(`${origin}/credits/1/ideal`);
    await page.getByTestId('payments-unavailable').waitFor();
    expect(await page.getByRole('button', { name: /pay/i }).count()).toBe(0);
    expectNoConsoleErrors(page);
    await page.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, newMember, signUpByApi } from './support/accounts';
import { serverCounter } from './support/http';
import { baseUrl, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const t = en;
const SESSION_CHECK_ROUNDS = 'rendezvous_realtime_session_check_rounds_total';
const api = (path: string) => `${baseUrl()}/api/${path}`;

async function freshPage() {
  const context = await browser.newContext({ locale: 'en-US' });
  return { context, page: await openPage(context) };
}

const isSignedIn = (page: Page) => page.evaluate(async () => (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).status === 200);

describe('a member’s account stays theirs', () => {
  it('changes the password and stays signed in in that tab and browser, while other devices are logged out', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpByApi(context, member);
    const otherTab = await openPage(context);
    await otherTab.goto(`${baseUrl()}/members`);
    const { context: otherDevice, page: phone } = await freshPage();
    await logIn(phone, member);
    await phone.waitForURL('**/members');

    await page.goto(`${baseUrl()}/notifications`);
    const form = page.locator('#password');
    await form.getByLabel(t('settings.old_password')).fill(member.password);
    await form.getByLabel(t('settings.new_password'), { exact: true }).fill('aaaaaaaa');
    await form.getByLabel(t('settings.new_password_confirm')).fill('aaaaaaaa');
    await form.getByRole('button', { name: t('settings.password_submit') }).click();
    await form.getByText(t('errors.password_too_common')).waitFor();

    await form.getByLabel(t('settings.new_password'), { exact: true }).fill('a new phrase for my heart');
    await form.getByLabel(t('settings.new_password_confirm')).fill('a new phrase for my heart');
    await form.getByRole('button', { name: t('settings.password_submit') }).click();
    await page.getByText(t('settings.password_saved')).waitFor();

    // The other device is logged out at once …
    await phone.waitForURL('**/login', { timeout: 5_000 });
    // … while this tab and the browser's other tab stay, past the gateway's periodic session check
    // (every second on the journeys' server, global-server.ts): two more rounds of it finish, the
    // second begun after the first ended, so after the password changed.
    const rounds = await serverCounter(SESSION_CHECK_ROUNDS);
    await expect.poll(() => serverCounter(SESSION_CHECK_ROUNDS), { timeout: 10_000 }).toBeGreaterThanOrEqual(rounds + 2);
    expect(new URL(page.url()).pathname).toBe('/notifications');
    expect(new URL(otherTab.url()).pathname).toBe('/members');
    expect(await isSignedIn(page)).toBe(true);
    await page.getByRole('button', { name: t('nav.account') }).waitFor();
    expectNoConsoleErrors(page, [api('password.php')]);
    expectNoConsoleErrors(otherTab);
    await otherDevice.close();
    await context.close();
  });
});

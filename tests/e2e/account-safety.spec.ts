import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMember, followMailLink, logIn, newMember, signUpThroughSteps } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en, text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const t = en;
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
    await signUpThroughSteps(page, member);
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
    // … while this tab and the browser's other tab stay, past the gateway's periodic session check.
    await page.waitForTimeout(12_000);
    expect(new URL(page.url()).pathname).toBe('/notifications');
    expect(new URL(otherTab.url()).pathname).toBe('/members');
    expect(await isSignedIn(page)).toBe(true);
    await page.getByRole('button', { name: t('nav.account') }).waitFor();
    expectNoConsoleErrors(page, [api('password.php')]);
    expectNoConsoleErrors(otherTab);
    await otherDevice.close();
    await context.close();
  });

  it('still gets in from their own browser while a stranger has locked themselves out', async () => {
    const { context: ownBrowser, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('button', { name: t('nav.logout') }).click();
    await page.getByRole('link', { name: t('nav.login') }).waitFor();

    const { context: strangers, page: stranger } = await freshPage();
    for (let attempt = 1; attempt <= 5; attempt++) await logIn(stranger, { email: member.email, password: `guess ${attempt}` });
    await stranger.getByRole('alert').filter({ hasText: t('errors.account_locked', { minutes: 15 }) }).waitFor();

    await logIn(page, member);
    await page.waitForURL('**/members');
    expectNoConsoleErrors(page);
    expectNoConsoleErrors(stranger, [api('user.php')]);
    await strangers.close();
    await ownBrowser.close();
  });

  it('restores a deleted account right from the log-in, and the FAQ says so', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByRole('button', { name: t('deletion.start') }).click();
    await page.getByRole('button', { name: t('deletion.continue') }).click();
    await page.getByLabel(t('deletion.reasons.other')).check();
    await page.locator('#delete').getByLabel(t('settings.current_password')).fill(member.password);
    await page.getByRole('button', { name: t('deletion.confirm') }).click();
    await page.waitForURL('**/account-deleted');

    await logIn(page, member);
    await page.getByRole('alert').filter({ hasText: t('errors.account_pending_deletion') }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: t('login.restore') }).click();
    await page.waitForURL('**/members');
    await page.getByRole('button', { name: t('nav.account') }).waitFor();

    await page.goto(`${baseUrl()}/pages/faq`);
    await page.getByText('choose to restore your account', { exact: false }).waitFor();
    expectNoConsoleErrors(page, [api('user.php')]);
    await context.close();
  });

  it('says the password is wrong when changing the e-mail address, and keeps the name to the sign-up’s rule', async () => {
    const { page, context } = await confirmedMember(browser);
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByLabel(t('settings.new_email')).fill(`other.${Date.now()}@example.com`);
    await page.locator('#email').getByLabel(t('settings.current_password')).fill('not my password');
    await page.getByRole('button', { name: t('settings.email_submit') }).click();
    await page.locator('#email').getByText(t('errors.current_password_wrong')).waitFor();
    expect(await page.getByText(text('en', 'errors.old_password_wrong')).count()).toBe(0);

    await page.goto(`${baseUrl()}/profile`);
    await page.getByLabel(t('signup.name_label')).fill('<img src=x onerror=alert(1)>');
    await page.getByRole('button', { name: t('profile.save') }).click();
    await page.getByText(t('errors.username_invalid')).waitFor();
    expectNoConsoleErrors(page, [api('mail-change.php'), api('profile.php')]);
    await context.close();
  });
});

describe('pages that know the member is signed in', () => {
  it('sends a signed-in member from /login and /complete-signup to the members area, and /activate/error tells them where they stand', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    // Not confirmed yet: the error page offers a new link rather than a log-in.
    await page.goto(`${baseUrl()}/activate/error`);
    await page.getByRole('button', { name: t('activation.resend') }).waitFor();
    expect(await page.getByRole('link', { name: t('nav.login') }).count()).toBe(0);
    await page.goto(`${baseUrl()}/complete-signup`);
    await page.getByText(t('signup.complete_text', { email: member.email })).waitFor();

    await followMailLink(page, member.email);
    await page.waitForURL('**/activate/done');
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL('**/members');
    await page.goto(`${baseUrl()}/complete-signup`);
    await page.waitForURL('**/members');
    await page.goto(`${baseUrl()}/activate/error`);
    await page.getByRole('heading', { name: t('activation.already_confirmed') }).waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followMailLink, logIn, newMember, signUpThroughSteps } from './support/accounts';
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

describe('a visitor becomes a member', () => {
  it('signs up through every step, confirms from the outbox, logs out and logs in again', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await expectAccessible(page);

    await page.goto(`${baseUrl()}/members`);
    await page.getByText(t('activation.reminder', { email: member.email })).waitFor();

    await followMailLink(page, member.email);
    await page.waitForURL('**/activate/done');
    await page.getByRole('heading', { name: t('activation.done_title') }).waitFor();

    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('button', { name: t('nav.logout') }).click();
    await page.getByRole('link', { name: t('nav.login') }).waitFor();

    await logIn(page, member);
    await page.waitForURL('**/members');
    await page.getByRole('button', { name: t('nav.account') }).waitFor();
    expectNoConsoleErrors(page);
    await context.close();
  });

  it('is told the account is blocked after too many wrong passwords', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await context.clearCookies();
    for (let attempt = 1; attempt <= 4; attempt++) {
      await logIn(page, { email: member.email, password: 'not my password' });
      await page.getByRole('alert').filter({ hasText: t('errors.login_failed') }).waitFor();
    }
    await logIn(page, { email: member.email, password: 'not my password' });
    await page.getByRole('alert').filter({ hasText: t('errors.account_locked', { minutes: 15 }) }).waitFor();
    await logIn(page, member);
    await page.getByRole('alert').filter({ hasText: 'account blocked' }).waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page, [api('user.php')]);
    await context.close();
  });

  it('resets a forgotten password from the mailed link', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await context.clearCookies();
    await page.goto(`${baseUrl()}/reset-password`);
    await page.getByLabel(t('login.email')).fill(member.email);
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await page.getByText(t('reset.sent', { email: member.email })).waitFor();

    await followMailLink(page, member.email);
    await page.waitForURL('**/reset-password/do?token=*');
    await page.getByLabel(t('reset.new_password'), { exact: true }).fill('my brand new secret');
    await page.getByLabel(t('reset.repeat_password')).fill('my brand new secret!');
    await page.getByRole('button', { name: t('reset.save') }).click();
    await page.getByText(t('errors.passwords_differ')).waitFor();
    await page.getByLabel(t('reset.repeat_password')).fill('my brand new secret');
    await page.getByRole('button', { name: t('reset.save') }).click();
    await page.getByText(t('reset.done')).waitFor();

    await logIn(page, { email: member.email, password: 'my brand new secret' });
    await page.waitForURL('**/members');
    expectNoConsoleErrors(page, [api('password-reset.php')]);
    await context.close();
  });

  it('changes the e-mail address and confirms it from the new mailbox', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await page.goto(`${baseUrl()}/notifications`);
    await expectAccessible(page);
    const newEmail = `changed.${member.email}`;
    await page.getByLabel(t('settings.new_email')).fill(newEmail);
    await page.locator('#email').getByLabel(t('settings.current_password')).fill(member.password);
    await page.getByRole('button', { name: t('settings.email_submit') }).click();
    await page.getByText(t('settings.email_sent', { email: newEmail })).waitFor();

    await followMailLink(page, newEmail);
    await page.getByText(t('mail_change.done')).waitFor();
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByText(t('settings.email_current', { email: newEmail })).waitFor();
    expectNoConsoleErrors(page);
    await context.close();
  });

  it('deletes the account and restores it within 14 days', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByRole('button', { name: t('deletion.start') }).click();
    await page.getByRole('button', { name: t('deletion.continue') }).click();
    await page.getByLabel(t('deletion.reasons.found_partner')).check();
    await page.locator('#delete').getByLabel(t('settings.current_password')).fill(member.password);
    await page.getByRole('button', { name: t('deletion.confirm') }).click();
    await page.waitForURL('**/account-deleted');
    await page.getByRole('heading', { name: t('deletion.deleted_title') }).waitFor();

    await logIn(page, member);
    await page.getByRole('alert').filter({ hasText: t('errors.account_pending_deletion') }).waitFor();

    await followMailLink(page, member.email);
    await page.waitForURL('**/login?reactivated=1');
    await page.getByText(t('login.reactivated')).waitFor();
    await logIn(page, member);
    await page.waitForURL('**/members');
    expectNoConsoleErrors(page, [api('user.php')]);
    await context.close();
  });

  it('keeps a language chosen before logging in', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpThroughSteps(page, member);
    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('button', { name: t('nav.logout') }).click();
    await page.getByRole('link', { name: t('nav.login') }).waitFor();

    await page.getByRole('button', { name: t('nav.language') }).click();
    await page.getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('link', { name: text('sv', 'nav.login') }).waitFor();
    await logIn(page, member, 'sv');
    await page.waitForURL('**/members');

    // A new browser on another day: the language comes from the account.
    const other = await browser.newContext({ locale: 'en-US' });
    const second = await openPage(other);
    await logIn(second, member);
    await second.waitForURL('**/members');
    await second.goto(`${baseUrl()}/notifications`);
    expect(await second.locator('html').getAttribute('lang')).toBe('sv');
    expectNoConsoleErrors(page);
    expectNoConsoleErrors(second);
    await other.close();
    await context.close();
  });
});

import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followMailLink, logIn, newMember, signUpByApi, signUpThroughSteps } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage, waitForHydration } from './support/browser';
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
    // Signed in but not confirmed: a failed link offers a new one rather than a log-in.
    await page.goto(`${baseUrl()}/activate/error`);
    await page.getByRole('button', { name: t('activation.resend') }).waitFor();
    expect(await page.getByRole('link', { name: t('nav.login') }).count()).toBe(0);
    await page.goto(`${baseUrl()}/complete-signup`);
    await page.getByText(t('signup.complete_text', { email: member.email })).waitFor();

    await followMailLink(page, member.email);
    await page.waitForURL('**/activate/done');
    await page.getByRole('heading', { name: t('activation.done_title') }).waitFor();
    // Confirmed and signed in: nothing to log in to or complete, and an old link says so.
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL('**/members');
    await page.goto(`${baseUrl()}/complete-signup`);
    await page.waitForURL('**/members');
    await page.goto(`${baseUrl()}/activate/error`);
    await page.getByRole('heading', { name: t('activation.already_confirmed') }).waitFor();
    await expectAccessible(page);
    await page.goto(`${baseUrl()}/members`);

    // The log-out loads the visitor's home once, as a new document: not the search again as a
    // visitor first (a revalidation), nor the home page's data after it.
    const logoutLoads: string[] = [];
    const countLoads = (request: Request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() || url.pathname.endsWith('.data')) logoutLoads.push(url.pathname);
    };
    page.on('request', countLoads);
    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('button', { name: t('nav.logout') }).click();
    await page.getByRole('link', { name: t('nav.login') }).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', countLoads);
    expect(logoutLoads).toEqual(['/']);

    // The log-in lands on the search once: its data is asked for once, not again by a second navigation.
    const searchDataLoads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/members.data' && url.searchParams.get('_routes')?.includes('routes/members/search')) searchDataLoads.push(url.search);
    });
    await logIn(page, member);
    await page.waitForURL('**/members');
    await page.getByRole('button', { name: t('nav.account') }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(searchDataLoads).toHaveLength(1);
    expectNoConsoleErrors(page);
    await context.close();
  });

  it('blocks a guesser after too many wrong passwords, while the owner still gets in from their own browser', async () => {
    const { context: ownBrowser, page: own } = await freshPage();
    const member = newMember();
    await signUpByApi(ownBrowser, member);
    await own.goto(`${baseUrl()}/members`);
    await own.getByRole('button', { name: t('nav.account') }).click();
    await own.getByRole('button', { name: t('nav.logout') }).click();
    await own.getByRole('link', { name: t('nav.login') }).waitFor();

    const { context, page } = await freshPage();
    for (let attempt = 1; attempt <= 4; attempt++) {
      await logIn(page, { email: member.email, password: 'not my password' });
      await page
        .getByRole('alert')
        .filter({ hasText: t('errors.login_failed') })
        .waitFor();
    }
    await logIn(page, { email: member.email, password: 'not my password' });
    await page
      .getByRole('alert')
      .filter({ hasText: t('errors.account_locked', { minutes: 15 }) })
      .waitFor();
    await logIn(page, member);
    await page.getByRole('alert').filter({ hasText: 'account blocked' }).waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page, [api('user.php')]);

    // The owner's browser signed the account up, so the guesser's lockout is not its own.
    await logIn(own, member);
    await own.waitForURL('**/members');
    expectNoConsoleErrors(own);
    await context.close();
    await ownBrowser.close();
  });

  it('resets a forgotten password from the mailed link', async () => {
    const signup = await freshPage();
    const member = newMember();
    await signUpByApi(signup.context, member);
    // Forgotten in another browser, a visitor's.
    await signup.context.close();
    const { context, page } = await freshPage();
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
    await signUpByApi(context, member);
    await page.goto(`${baseUrl()}/notifications`);
    await expectAccessible(page);
    const newEmail = `changed.${member.email}`;
    await page.getByLabel(t('settings.new_email')).fill(newEmail);
    // A wrong password is called wrong, not an "old password".
    await page.locator('#email').getByLabel(t('settings.current_password')).fill('not my password');
    await page.getByRole('button', { name: t('settings.email_submit') }).click();
    await page.locator('#email').getByText(t('errors.current_password_wrong')).waitFor();
    await page.locator('#email').getByLabel(t('settings.current_password')).fill(member.password);
    await page.getByRole('button', { name: t('settings.email_submit') }).click();
    await page.getByText(t('settings.email_sent', { email: newEmail })).waitFor();

    await followMailLink(page, newEmail);
    await page.getByText(t('mail_change.done')).waitFor();
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByText(t('settings.email_current', { email: newEmail })).waitFor();

    // The name keeps to the sign-up's rule when edited later.
    await page.goto(`${baseUrl()}/profile`);
    await page.getByLabel(t('signup.name_label')).fill('<img src=x onerror=alert(1)>');
    await page.getByRole('button', { name: t('profile.save') }).click();
    await page.getByText(t('errors.username_invalid')).waitFor();
    expectNoConsoleErrors(page, [api('mail-change.php'), api('profile.php')]);
    await context.close();
  });

  it('deletes the account and restores it within 14 days right from the log-in, as the FAQ says', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpByApi(context, member);
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByRole('button', { name: t('deletion.start') }).click();
    await page.getByRole('button', { name: t('deletion.continue') }).click();
    await page.getByLabel(t('deletion.reasons.found_partner')).check();
    await page.locator('#delete').getByLabel(t('settings.current_password')).fill(member.password);
    await page.getByRole('button', { name: t('deletion.confirm') }).click();
    await page.waitForURL('**/account-deleted');
    await page.getByRole('heading', { name: t('deletion.deleted_title') }).waitFor();

    await logIn(page, member);
    await page
      .getByRole('alert')
      .filter({ hasText: t('errors.account_pending_deletion') })
      .waitFor();
    await expectAccessible(page);
    // The restore link is mailed too (its own page is covered by the HTTP tests); the log-in offers it at once.
    await page.getByRole('button', { name: t('login.restore') }).click();
    await page.waitForURL('**/members');
    await page.getByRole('button', { name: t('nav.account') }).waitFor();

    await page.goto(`${baseUrl()}/pages/faq`);
    await page.getByText('choose to restore your account', { exact: false }).waitFor();
    expectNoConsoleErrors(page, [api('user.php')]);
    await context.close();
  });

  it('keeps a language chosen before logging in', async () => {
    const { context, page } = await freshPage();
    const member = newMember();
    await signUpByApi(context, member);
    await page.goto(`${baseUrl()}/members`);
    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('button', { name: t('nav.logout') }).click();
    await page.getByRole('link', { name: t('nav.login') }).waitFor();
    // The log-out loads the home page anew: its menus answer once it has hydrated.
    await waitForHydration(page);

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

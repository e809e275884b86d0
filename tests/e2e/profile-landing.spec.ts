import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followMailLink, logIn, mailLink, newMember, type E2eMember } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A POST to the site's API from the page, as the app makes it (same origin, the page's cookies). */
async function postApi(page: Page, path: string, body: unknown): Promise<{ status: number; json: { user?: { id: number } } }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => ({})) };
    },
    { path, body },
  );
}

/** The member the campaign is about: signed up through the API (the steps have a journey of their own) and confirmed from the outbox. */
async function confirmedTarget(page: Page, target: E2eMember): Promise<number> {
  await page.goto(`${baseUrl()}/`);
  const signup = await postApi(page, 'signup.php', {
    ...target,
    date_of_birth: '1992-05-20',
    gender: 'female',
    seeking: 'male',
    country: 'NL',
    accept_terms: true,
  });
  expect(signup.status).toBe(201);
  await page.goto(await mailLink(page.context(), target.email));
  await page.waitForURL('**/activate/done');
  await logOut(page);
  return signup.json.user!.id;
}

/** Through the account menu, as a member does: the page then knows it is a visitor's again. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: t('nav.account') }).click();
  await page.getByRole('button', { name: t('nav.logout') }).click();
  await page.getByRole('link', { name: t('nav.login') }).waitFor();
}

describe('a visitor from a campaign for one member', () => {
  it('writes to them on their landing, signs up, likes a match, confirms the address, and the member reads the message', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await openPage(context);
    const target = newMember();
    const targetId = await confirmedTarget(page, target);

    await page.goto(`${baseUrl()}/members/${targetId}/landing2/x?network=e2e-net&ref=journey&sub1=s1`);
    await page.getByText(t('signup.message_price_free')).waitFor();
    await expectAccessible(page);
    const message = `Hello ${target.name}, your profile made me sign up!`;
    await page.getByLabel(t('profile_landing.chat_label', { name: target.name })).fill(message);
    await page.getByRole('button', { name: t('profile_landing.chat_send') }).click();
    await page.getByTestId('landing-draft').filter({ hasText: message }).waitFor();

    const visitor = newMember();
    await page.getByText(t('signup.gender.male'), { exact: true }).click();
    await page.getByText(t('signup.seeking.female'), { exact: true }).click();
    await page.getByRole('button', { name: t('signup.next') }).click();
    await page.getByLabel(t('signup.day')).selectOption('03');
    await page.getByLabel(t('signup.month')).selectOption('09');
    await page.getByLabel(t('signup.year')).selectOption('1990');
    await page.getByRole('button', { name: t('signup.next') }).click();
    await page.getByLabel(t('signup.country_label')).selectOption('NL');
    await page.getByRole('button', { name: t('signup.next') }).click();
    await page.getByLabel(t('signup.name_label')).fill(visitor.name);
    await page.getByRole('button', { name: t('signup.next') }).click();
    await page.getByLabel(t('signup.email_label')).fill(visitor.email);
    await page.getByLabel(t('signup.password_label')).fill(visitor.password);
    // The message written in the chat waits in the last step, with its price, before the account exists.
    expect(await page.getByLabel(t('signup.message_label', { name: target.name })).inputValue()).toBe(message);
    await page
      .getByTestId('signup-message-price')
      .filter({ hasText: t('signup.message_price_free') })
      .waitFor();
    await page.getByLabel(t('signup.accept_terms')).check();
    const created = page.waitForRequest((request) => request.url().endsWith('/api/signup.php') && !request.postDataJSON().validate_only);
    await page.getByRole('button', { name: t('signup.create_account') }).click();
    expect((await created).postDataJSON()).toMatchObject({
      target_profile_id: targetId,
      signup_message: message,
      network: 'e2e-net',
      ref: 'journey',
      sub1: 's1',
    });
    await page
      .getByTestId('signup-complete')
      .getByText(t('signup.complete_text', { email: visitor.email }))
      .waitFor();

    await page.getByRole('link', { name: t('signup.complete_continue') }).click();
    await page.waitForURL('**/signup-matches');
    await page.getByRole('heading', { name: t('signup_matches.title') }).waitFor();
    const match = page.getByTestId('signup-match').first();
    await match.getByRole('button', { name: /^Like / }).click();
    await match.getByRole('status').waitFor();
    await expectAccessible(page);

    await followMailLink(page, visitor.email);
    await page.waitForURL('**/activate/done');
    await logOut(page);

    await logIn(page, target);
    await page.waitForURL('**/members');
    // The message goes out from a job the confirmation starts: the open list shows it when it
    // arrives, live over the member's socket if the job had not run yet.
    await page.goto(`${baseUrl()}/chats`);
    const chat = page.getByTestId('chat-list-item').filter({ hasText: visitor.name });
    await chat.waitFor({ timeout: 15_000 });
    await chat.click();
    await page.getByTestId('message').filter({ hasText: message }).waitFor();
    expectNoConsoleErrors(page);
    await context.close();
  });
});

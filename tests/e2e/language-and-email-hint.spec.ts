import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../../contract/locales';
import { logIn, newMember, signUpByApi } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en, text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const de = (key: string) => text('de', key);

async function freshPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ locale: 'en-US', viewport });
  return { context, page: await openPage(context) };
}

const languageOf = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()).user.language);

describe('a member’s language follows them (spec §4)', () => {
  it('is saved from /lang-config, so signing in again on another browser brings it back', async () => {
    const { context, page } = await freshPage(PHONE);
    const member = newMember();
    await signUpByApi(context, member);

    await page.goto(`${baseUrl()}/lang-config`);
    await page.getByRole('heading', { name: en('lang_config.title') }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: LANGUAGE_NAMES.de }).click();
    await page.locator('html[lang="de"]').waitFor({ state: 'attached' });
    expect(await languageOf(page)).toBe('de');

    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl()}/members`);
    await page.getByRole('button', { name: de('nav.account') }).click();
    await page.getByRole('button', { name: de('nav.logout') }).click();
    await page.getByRole('link', { name: de('nav.login') }).waitFor();
    expectNoConsoleErrors(page);
    await context.close();

    // A browser that never chose a language, in English: the account's language wins at sign-in.
    const { context: other, page: desktop } = await freshPage(DESKTOP);
    await logIn(desktop, member);
    await desktop.waitForURL('**/members');
    await desktop.locator('html[lang="de"]').waitFor({ state: 'attached' });
    await desktop.getByRole('button', { name: de('nav.account') }).waitFor();
    await expectAccessible(desktop);
    expectNoConsoleErrors(desktop);
    await other.close();
  });
});

describe('the sign-up’s "did you mean" hint (spec §5)', () => {
  it('appears for a mistyped mail domain while every field is right, and one tap corrects it', async () => {
    const { context, page } = await freshPage(PHONE);
    const member = newMember();
    const [local] = member.email.split('@');
    await page.goto(`${baseUrl()}/signup`);
    await page.getByText(en('signup.gender.female'), { exact: true }).click();
    await page.getByText(en('signup.seeking.male'), { exact: true }).click();
    await page.getByRole('button', { name: en('signup.next') }).click();
    await page.getByLabel(en('signup.day')).selectOption('12');
    await page.getByLabel(en('signup.month')).selectOption('04');
    await page.getByLabel(en('signup.year')).selectOption('1990');
    await page.getByRole('button', { name: en('signup.next') }).click();
    await page.getByLabel(en('signup.country_label')).selectOption('NL');
    await page.getByRole('button', { name: en('signup.next') }).click();
    await page.getByLabel(en('signup.name_label')).fill(member.name);
    await page.getByRole('button', { name: en('signup.next') }).click();

    await page.getByLabel(en('signup.password_label')).fill(member.password);
    await page.getByLabel(en('signup.accept_terms')).check();
    await page.getByLabel(en('signup.email_label')).fill(`${local}@gmial.com`);
    const hint = page.getByTestId('email-suggestion').getByRole('button', { name: `${local}@gmail.com` });
    await hint.waitFor();
    // Nothing was sent or refused: the hint stands on its own.
    expect(await page.locator('.is-invalid').count()).toBe(0);
    await expectAccessible(page);

    await hint.click();
    expect(await page.getByLabel(en('signup.email_label')).inputValue()).toBe(`${local}@gmail.com`);
    expect(await page.getByTestId('email-suggestion').textContent()).toBe('');
    await page.getByRole('button', { name: en('signup.create_account') }).click();
    await page.getByTestId('signup-complete').getByText(`${local}@gmail.com`).waitFor();
    expectNoConsoleErrors(page);
    await context.close();
  });
});

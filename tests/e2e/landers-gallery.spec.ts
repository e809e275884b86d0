import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en } from './support/locales';
import { newMember, signUpThroughSteps } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a visitor on the gallery lander', () => {
  it('picks a member on a phone and is asked to sign up to meet exactly that member', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await openPage(context);
    await page.goto(`${baseUrl()}/landers/gallery/spring-campaign?network=adnet&ref=r-7`);
    await page.getByRole('heading', { level: 1, name: en('landers.gallery.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectAccessible(page);

    const card = page.getByTestId('lander-member').first();
    const name = ((await card.locator('.fw-semibold').first().textContent()) ?? '').split(',')[0];
    expect(name.length).toBeGreaterThan(0);
    await card.click();
    // The dialog is named by its title: whom this sign-up is for.
    await page.getByRole('dialog', { name: en('signup.title_target', { name }) }).waitFor();
    // The campaign that brought the visitor is remembered for the sign-up.
    expect(await page.evaluate(() => sessionStorage.getItem('signup-tracking'))).toBe(JSON.stringify({ network: 'adnet', ref: 'r-7' }));

    // Signing up in the dialog: "Check your inbox" stays after the page knows the visitor is a
    // member (its cards stop asking to sign up), until they continue to the members who match.
    await signUpThroughSteps(page, newMember(), { inPlace: true });
    await card.waitFor({ state: 'detached' });
    const complete = page.getByTestId('signup-complete');
    expect(await complete.isVisible()).toBe(true);
    await complete.getByRole('link', { name: en('signup.complete_continue') }).click();
    await page.waitForURL('**/signup-matches');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expectNoConsoleErrors(page);
    await context.close();
  });
});

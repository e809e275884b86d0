import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The second demo site, Flirtzone (German, niche 6), on flirt.localhost: browsers resolve *.localhost to this machine. */
const flirtzoneUrl = () => baseUrl().replace('//localhost', '//flirt.localhost');
const de = (key: string) => text('de', key);

describe('a visitor on a campaign lander', () => {
  it('swipes through Flirtzone’s own members on a first visit, though its search is for members only', async () => {
    // From Austria, one of Flirtzone's countries (the adult-content warning is for NL and DE).
    const context = await browser.newContext({ locale: 'de-DE', extraHTTPHeaders: { 'cf-ipcountry': 'AT' } });
    const page = await openPage(context);
    await page.goto(`${flirtzoneUrl()}/landers/tinderswipe`);
    await page.getByRole('heading', { name: de('swipe.lander_title') }).waitFor();
    const card = page.getByTestId('swipe-card');
    await card.waitFor();
    expect(await page.getByText(de('swipe.empty')).count()).toBe(0);
    // Niche 6: mature women, as the site's own members are.
    const firstTitle = (await card.getByRole('heading').textContent()) ?? '';
    expect(Number(firstTitle.match(/(\d+)$/)?.[1])).toBeGreaterThanOrEqual(40);
    await expectAccessible(page);

    await page.getByRole('button', { name: de('swipe.pass') }).click();
    await expect.poll(async () => (await card.getByRole('heading').textContent()) ?? '').not.toBe(firstTitle);
    await page.getByRole('button', { name: de('swipe.like'), exact: true }).click();
    // Liking someone is where the visitor is asked to sign up.
    await page.getByRole('dialog').waitFor();
    expectNoConsoleErrors(page);
    await context.close();
  });
});

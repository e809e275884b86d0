import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a visitor on the map lander', () => {
  it('picks a region on a phone and starts signing up to meet the singles there', async () => {
    // From the United States: the demo site's first country, with the most regions to pick from.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', extraHTTPHeaders: { 'cf-ipcountry': 'US' } });
    const page = await openPage(context);
    await page.goto(`${baseUrl()}/landers/maplanding/spring-campaign`);
    await page.getByRole('heading', { level: 1, name: en('landers.maplanding.title') }).waitFor();

    const tile = page.getByTestId('map-tiles').getByRole('button').last();
    const region = ((await tile.locator('.map-tile__name').textContent()) ?? '').trim();
    expect(region).not.toBe('');
    await tile.click();
    expect(await tile.getAttribute('aria-pressed')).toBe('true');
    const spotlight = page.getByTestId('map-spotlight');
    await spotlight.getByRole('heading', { name: region }).waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectAccessible(page);

    await spotlight.getByRole('link', { name: en('landers.maplanding.region_cta', { region }) }).click();
    await page.getByRole('dialog', { name: en('signup.title') }).waitFor();
    expectNoConsoleErrors(page);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterEffects, baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a visitor browses the site', () => {
  it('opens the landing page, switches to German, reads the terms and meets the 404 page', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await openPage(context);

    const landing = await page.goto(baseUrl());
    expect(landing?.status()).toBe(200);
    await expect.poll(() => page.getByRole('link', { name: text('en', 'landing.cta_signup') }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // The stylesheet is asked for before the scripts, so the page paints without waiting for them.
    const html = await landing!.text();
    expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));
    await expectAccessible(page);

    // On a slow phone the switch takes a while to render: its texts must not show under the old `lang` meanwhile.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.getByRole('button', { name: text('en', 'nav.language') }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('link', { name: text('de', 'landing.cta_signup') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('de');

    await page.getByRole('link', { name: text('de', 'footer.links.terms') }).click();
    await page.waitForURL('**/pages/terms');
    await page.getByRole('heading', { level: 1, name: text('de', 'terms.title', 'legal') }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('{{');
    await expectAccessible(page);

    // A fresh load keeps German: the server reads the cookie.
    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    const missingUrl = `${baseUrl()}/there/is/nothing/here`;
    const missing = await page.goto(missingUrl);
    expect(missing?.status()).toBe(404);
    await page.getByText(text('de', 'error_page.not_found')).waitFor();
    await page.getByRole('link', { name: text('de', 'error_page.home') }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expectAccessible(page);

    expectNoConsoleErrors(page, [missingUrl]);
    await context.close();
  });

  it('shows the adult-content warning to a visitor from the Netherlands once', async () => {
    const context = await browser.newContext({ locale: 'nl-NL', extraHTTPHeaders: { 'cf-ipcountry': 'NL' } });
    const page = await openPage(context);
    await page.goto(baseUrl());
    const dialog = page.getByRole('dialog', { name: text('nl', 'site_entry.title') });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text('nl', 'site_entry.enter').replace('{{min_age}}', '18') }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('link', { name: text('nl', 'landing.cta_signup') }).waitFor();
    // Hydrated, the warning has decided (in an effect); had it decided to show, its dialog's
    // code would be loading: once the effects ran and the network is quiet, it would be there.
    await afterEffects(page);
    await page.waitForLoadState('networkidle');
    await afterEffects(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expectNoConsoleErrors(page);
    await context.close();
  });
});

import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { afterEffects, askCookieConsent, baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { text } from './support/locales';

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;
/** Flirtzone (German) on flirt.localhost: its settings change here, so journeys on the demo site are not touched. */
const flirtzoneUrl = () => baseUrl().replace('//localhost', '//flirt.localhost');
const de = (key: string) => text('de', key);
const LANDER = '/landers/gallery';
const ANALYTICS = /googletagmanager\.com|clarity\.ms/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens Flirtzone in the console's site editor and saves its analytics ids. */
async function setAnalyticsIds(admin: Page, ids: { tagManager: string; clarity: string }) {
  await admin.goto(`${baseUrl()}/admin/sites?domain=flirt.localhost`);
  await admin.getByTestId('sites-table').getByRole('row').filter({ hasText: 'flirt.localhost' }).first().getByRole('link').click();
  await admin.getByRole('tab', { name: 'General' }).waitFor();
  await admin.getByLabel('Google Tag Manager container').fill(ids.tagManager);
  await admin.getByLabel('Microsoft Clarity project').fill(ids.clarity);
  await admin.getByRole('button', { name: 'Save changes' }).click();
}

describe('analytics only with consent', () => {
  it('a visitor who refuses statistics sends no analytics request; accepting on the cookie page loads the configured scripts', async () => {
    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    // A malformed id is refused with a clear problem; the vendors' formats are saved.
    await setAnalyticsIds(admin, { tagManager: 'GTM-1', clarity: 'rdvtest42' });
    await admin.getByText('This is not in the expected format.').first().waitFor();
    await admin.getByLabel('Google Tag Manager container').fill('gtm-rdvtest1');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
    expect(await admin.getByLabel('Google Tag Manager container').inputValue()).toBe('GTM-RDVTEST1');

    try {
      const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'cf-ipcountry': 'AT' } });
      await askCookieConsent(context);
      const page = await openPage(context);
      // Nothing leaves this machine: the vendors' scripts are answered here, and every ask is counted.
      const asked: string[] = [];
      await page.route(ANALYTICS, (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }));
      page.on('request', (request: Request) => {
        if (ANALYTICS.test(request.url())) asked.push(request.url());
      });

      const response = await page.goto(`${flirtzoneUrl()}${LANDER}?lb`);
      const csp = response!.headers()['content-security-policy'];
      expect(csp).toContain('https://www.googletagmanager.com');
      expect(csp).toContain('https://*.clarity.ms');
      const banner = page.getByRole('region', { name: de('consent.title') });
      await banner.waitFor();
      await expectAccessible(page);

      // Refuse statistics by choosing: every switch but "necessary" starts off.
      await banner.getByRole('button', { name: de('consent.choose') }).click();
      expect(await banner.getByRole('switch', { name: new RegExp(de('consent.necessary')) }).isChecked()).toBe(true);
      expect(await banner.getByRole('switch', { name: de('consent.statistics') }).isChecked()).toBe(false);
      await banner.getByRole('button', { name: de('consent.save') }).click();
      await banner.waitFor({ state: 'detached' });
      // The choice's effects have run: no vendor's script was added, so none was asked for.
      await afterEffects(page);
      expect(await page.locator('script[src*="googletagmanager.com"], script[src*="clarity.ms"]').count()).toBe(0);
      expect(asked).toEqual([]);

      // The landing page becoming hidden (as when the visitor switches away) sends its bounce-logged visit.
      const beacon = page.waitForRequest((request) => request.url().endsWith('/api/page-hidden.php'));
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(JSON.parse((await beacon).postData() ?? '{}')).toMatchObject({ path: LANDER, lb: true, bounced: true });
      await page.goto(`${flirtzoneUrl()}/pages/cookies`);
      expect(await page.getByRole('region', { name: de('consent.title') }).count()).toBe(0);
      expect(asked).toEqual([]);

      // The cookie page's settings change the choice: now the configured scripts load. The page is a
      // visitor's cached page, trusted by the hashes of its own scripts ('strict-dynamic' extends that
      // to the scripts they add): a CSP refusal would be a console error, checked below.
      const settings = page.getByRole('region', { name: de('consent.settings_title') });
      await settings.getByRole('switch', { name: de('consent.statistics') }).check();
      await settings.getByRole('button', { name: de('consent.save') }).click();
      await expect.poll(() => asked.some((url) => url.startsWith('https://www.googletagmanager.com/gtm.js?id=GTM-RDVTEST1'))).toBe(true);
      await expect.poll(() => asked.some((url) => url.startsWith('https://www.clarity.ms/tag/rdvtest42'))).toBe(true);
      expect(await page.evaluate(() => document.querySelectorAll('script[src*="googletagmanager"], script[src*="clarity.ms"]').length)).toBe(2);
      await expectAccessible(page);
      expectNoConsoleErrors(page);
      await context.close();

      // The operators see the landing page's visit.
      await admin.goto(`${baseUrl()}/admin/traffic?site_id=${await flirtzoneId(admin)}`);
      await admin.getByTestId('traffic-landings').getByRole('row').filter({ hasText: LANDER }).waitFor();
      await expectAccessible(admin);
    } finally {
      await setAnalyticsIds(admin, { tagManager: '', clarity: '' });
      await admin.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
    }
    // The malformed id's refusal (400) was asked for.
    expectNoConsoleErrors(admin, [`${baseUrl()}/api/admin/sites/${await flirtzoneId(admin)}`]);
    await admin.context().close();
  }, 180_000);
});

/** Flirtzone's id, from the site editor the admin has open (its address ends in the id). */
async function flirtzoneId(admin: Page): Promise<number> {
  const body = (await admin.evaluate(() => fetch('/api/admin/sites?domain=flirt.localhost').then((response) => response.json()))) as {
    items: { id: number }[];
  };
  return body.items[0]!.id;
}

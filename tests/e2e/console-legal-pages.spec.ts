import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';

/** Issue 32: a site's own Terms replace the built-in ones as soon as the operator saves them. */

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens the demo site (localhost) in the console's editor on its Pages tab. */
async function openDemoSitePages(page: Page) {
  await page.goto(`${baseUrl()}/admin/sites?domain=localhost`);
  await page.getByTestId('sites-table').getByRole('row').filter({ hasText: 'localhost' }).first().getByRole('link').click();
  await page.getByRole('tab', { name: 'Pages' }).click();
}

async function saveSite(page: Page) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
}

describe('an operator writes the site’s own Terms', () => {
  it.each([1280, 390])(
    'at %i px: edits, previews and saves them, and a visitor reads them at once',
    async (width) => {
      const admin = await openPage(await browser.newContext({ viewport: { width, height: 900 } }));
      await openConsoleAs(admin, DEMO_ADMIN);
      await openDemoSitePages(admin);
      await admin.getByRole('button', { name: /\/pages\/terms$/ }).click();
      await admin.getByText('replaces the built-in /pages/terms page').waitFor();
      const sentence = `Our own conditions, written at ${width} px.`;
      await admin.getByLabel('Title').fill('Our terms');
      await admin.getByLabel('Text (Markdown)').fill(`## Membership\n\n${sentence} **Read them.**\n\n<script>window.pwned = 1</script>`);
      const preview = admin.getByTestId('page-preview');
      await preview.getByRole('heading', { name: 'Membership' }).waitFor();
      expect(await preview.locator('strong').innerText()).toBe('Read them.');
      expect(await preview.locator('script').count()).toBe(0);
      await expectAccessible(admin);
      await saveSite(admin);

      const visitor = await openPage(await browser.newContext({ locale: 'en-US', viewport: { width, height: 800 } }));
      await visitor.goto(`${baseUrl()}/pages/terms`);
      await visitor.getByRole('heading', { name: 'Our terms', level: 1 }).waitFor();
      await visitor.getByText(sentence).waitFor();
      expect(await visitor.getByTestId('legal-version-date').innerText()).toMatch(/^Version of \w+ \d{1,2}, \d{4}$/);
      expect(await visitor.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      await expectAccessible(visitor);
      expectNoConsoleErrors(visitor);

      // Put the built-in terms back, so other journeys read them as before.
      await admin.getByRole('button', { name: 'Remove page' }).click();
      await saveSite(admin);
      await visitor.reload();
      await visitor.getByText('These terms and conditions apply to your use of', { exact: false }).waitFor();
      expectNoConsoleErrors(admin);
      await visitor.context().close();
      await admin.context().close();
    },
    180_000,
  );
});

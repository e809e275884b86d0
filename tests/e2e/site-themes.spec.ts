import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { baseUrl, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rootVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Sets the demo site's primary colour on the console's Look tab and saves it. */
async function setPrimary(admin: Page, colour: string) {
  await admin.locator('#theme-primary').fill(colour);
  await admin.getByRole('button', { name: 'Save look' }).click();
  await admin.getByRole('status').getByText('Saved. Members see the new look').waitFor();
}

describe('a brand that looks like itself', () => {
  it('an operator changes the primary colour and the member page shows it; dark mode follows the system', async () => {
    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    await admin.goto(`${baseUrl()}/admin/sites`);
    await admin.getByTestId('sites-table').getByRole('row').filter({ hasText: 'localhost' }).first().getByRole('link').click();
    await admin.getByRole('tab', { name: 'Look' }).click();
    // The hex field and the colour picker beside it each have a name of their own.
    expect(await admin.getByLabel('Primary (buttons)', { exact: true }).getAttribute('id')).toBe('theme-primary');
    expect(await admin.getByLabel('Primary (buttons) — colour picker').getAttribute('type')).toBe('color');
    const before = await admin.locator('#theme-primary').inputValue();
    // A colour too light for white button text is refused with the pair and its ratio.
    await admin.locator('#theme-primary').fill('#ffb3d1');
    await admin.getByRole('button', { name: 'Save look' }).click();
    await admin
      .getByText(/White text on primary buttons .*: contrast \d\.\d\d:1/)
      .first()
      .waitFor();
    await setPrimary(admin, '#2f6fd6');

    const visitor = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    // The console's save reaches the page within the site cache's refresh (instantly on one instance).
    await expect
      .poll(
        async () => {
          await visitor.goto(`${baseUrl()}/`);
          return rootVariable(visitor, '--bs-primary');
        },
        { timeout: 10_000 },
      )
      .toBe('#2f6fd6');
    const light = await bodyBackground(visitor);
    await visitor.emulateMedia({ colorScheme: 'dark' });
    // With reduced motion every change still runs a 0.01 ms transition: the new colour lands a frame later.
    await expect.poll(() => bodyBackground(visitor)).not.toBe(light);
    expect(await rootVariable(visitor, '--bs-body-bg')).not.toBe('#fff');
    expectNoConsoleErrors(visitor);

    await setPrimary(admin, before);
    // The refused save answers 400, which the browser logs.
    expectNoConsoleErrors(admin, [`${baseUrl()}/api/admin/sites/${new URL(admin.url()).pathname.split('/').pop()}/theme`]);
  }, 60_000);
});

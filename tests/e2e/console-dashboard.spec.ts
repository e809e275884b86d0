import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMember } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const figure = async (page: Page, testId: string) => (await page.getByTestId(testId).locator('.fs-4').innerText()).trim();

describe('the console dashboard', () => {
  it('shows an admin the last day’s sign-ups and activations, and a new member counts at once', async () => {
    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    await admin.getByRole('link', { name: 'Dashboard' }).first().click();
    await admin.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await admin.getByRole('link', { name: 'Last 24 hours' }).click();
    // The address changes before the new figures arrive: wait for the page to say which period it shows.
    await admin.getByText('All sites, Last 24 hours').waitFor();
    const signupsBefore = Number((await figure(admin, 'figure-signups')).replace(/,/g, ''));
    // The charts are drawn (an SVG plot inside each frame), one per series group.
    await admin.getByTestId('chart-plot').first().waitFor();
    expect(await admin.getByTestId('chart').count()).toBeGreaterThanOrEqual(4);

    const { context } = await confirmedMember(browser);
    await context.close();

    await admin.reload();
    await expect.poll(async () => Number((await figure(admin, 'figure-signups')).replace(/,/g, ''))).toBe(signupsBefore + 1);
    expect(await admin.getByTestId('figure-signups').innerText()).toMatch(/confirmed their address/);
    // The table beside the charts holds the same figures, bucket by bucket.
    await admin.getByText('The figures as a table').click();
    const rows = admin.getByTestId('dashboard-table').locator('tbody tr');
    expect(await rows.count()).toBe(24);
    const signupCells = await rows.evaluateAll((cells) => cells.map((row) => Number((row as HTMLTableRowElement).cells[1].textContent)));
    expect(signupCells.reduce((total, value) => total + value, 0)).toBe(signupsBefore + 1);
    await expectAccessible(admin);
    expectNoConsoleErrors(admin);
    await admin.context().close();
  });

  it('fits a phone and narrows to one site', async () => {
    const admin = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    await admin.goto(`${baseUrl()}/admin/dashboard?range=12m`);
    await admin.getByTestId('chart-plot').first().waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const site = admin.getByLabel('Site', { exact: true });
    const firstSite = await site.locator('option').nth(1).innerText();
    await site.selectOption({ label: firstSite });
    await admin.getByRole('button', { name: 'Show' }).click();
    await admin.waitForURL(/site_id=\d+/);
    await admin.getByText(`${firstSite}, Last 12 months`).waitFor();
    await expectAccessible(admin);
    expectNoConsoleErrors(admin);
    await admin.context().close();
  });

  it('is not shown to a moderator', async () => {
    const moderator = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(
      moderator,
      DEMO_STAFF.find((account) => account.role === 'moderator')!,
    );
    expect(await moderator.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    const response = await moderator.goto(`${baseUrl()}/admin/dashboard`);
    expect(response?.status()).toBe(403);
    await moderator.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;
const month = () => new Date().toISOString().slice(0, 7);

/** The member buys the highlighted bundle with iDEAL on the demo checkout; returns the order and the checkout's address. */
async function buyWithIdeal(page: Page) {
  await page.goto(`${baseUrl()}/credits`);
  await page
    .getByTestId('bundle')
    .filter({ hasText: t('credits.most_popular') })
    .getByRole('link')
    .click();
  await page.waitForURL(/\/credits\/\d+$/);
  await page.getByTestId('method-ideal').click();
  await page.getByTestId('pay-button').click();
  await page.waitForURL('**/demo-checkout/**');
  const checkout = page.url();
  await page.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
  await page.waitForURL(/\/credits\/\d+\/ideal\?order=\d+/);
  await page.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();
  return { orderId: Number(new URL(page.url()).searchParams.get('order')), checkout };
}

/** This month's iDEAL rows of the dashboard's chargeback table: chargebacks summed over sites, and their ratio cells. */
async function idealRatios(admin: Page) {
  await admin.goto(`${baseUrl()}/admin/dashboard`);
  await admin.getByRole('heading', { name: 'Chargeback ratio' }).waitFor();
  const rows = admin.locator(`[data-testid^="chargeback-ratio-${month()}-"][data-testid$="-ideal"]`);
  const cells = await rows.evaluateAll((found) =>
    found.map((row) => [(row as HTMLTableRowElement).cells[4].textContent, (row as HTMLTableRowElement).cells[5].textContent]),
  );
  return { chargebacks: cells.reduce((total, [count]) => total + Number(count), 0), ratios: cells.map(([, ratio]) => ratio).join(' | ') };
}

describe('chargebacks in the console', () => {
  it('an admin sees a demo chargeback in the chargebacks view, and the dashboard ratio moves', async () => {
    const { page: member, close } = await confirmedMemberWithPhoto(browser);
    const { orderId, checkout } = await buyWithIdeal(member);

    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    const before = await idealRatios(admin);

    // The payer's card issuer takes the payment back (the demo checkout plays the provider).
    // The checkout is the provider's plain page (no app to hydrate): reached as a link would.
    await member.evaluate((url) => window.location.assign(url), checkout);
    await member.waitForURL(checkout);
    await member.getByRole('button', { name: t('demo_checkout.dispute_chargeback') }).click();
    await member.getByText(t('demo_checkout.done')).waitFor();

    await expect.poll(async () => (await idealRatios(admin)).chargebacks, { timeout: 15_000 }).toBe(before.chargebacks + 1);
    expect((await idealRatios(admin)).ratios).not.toBe(before.ratios);
    await expectAccessible(admin);

    await admin.goto(`${baseUrl()}/admin/orders`);
    await admin.getByRole('navigation', { name: 'Money' }).getByRole('link', { name: 'Chargebacks' }).click();
    await admin.getByRole('heading', { name: 'Chargebacks and returns' }).waitFor();
    const row = admin.getByTestId('chargebacks-table-row').filter({ has: admin.getByText(String(orderId), { exact: true }) });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Chargeback');
    expect(text).toContain('4837');
    expect(text).toMatch(/€\d+[.,]\d{2}/);
    await expectAccessible(admin);
    expectNoConsoleErrors(admin);
    expectNoConsoleErrors(member);
    await admin.context().close();
    await close();
  });

  it('fits a phone: the chargebacks view and the ratio on the dashboard', async () => {
    const admin = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    for (const path of ['/admin/chargebacks', '/admin/dashboard']) {
      await admin.goto(`${baseUrl()}${path}`);
      await admin.getByRole('heading', { name: path.endsWith('dashboard') ? 'Chargeback ratio' : 'Chargebacks and returns' }).waitFor();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(admin);
    }
    expectNoConsoleErrors(admin);
    await admin.context().close();
  });
});

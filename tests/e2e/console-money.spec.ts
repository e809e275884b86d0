import fs from 'node:fs';
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

/** Opens /credits, chooses the highlighted bundle and iDEAL: the checkout with the code field. */
async function checkoutWithIdeal(page: Page) {
  await page.goto(`${baseUrl()}/credits`);
  const bundle = page.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
  await bundle.getByRole('link').click();
  await page.waitForURL(/\/credits\/\d+$/);
  await page.getByTestId('method-ideal').click();
  await page.waitForURL(/\/credits\/\d+\/ideal$/);
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel(t('credits.discount_code_label')).fill(code);
  await page.getByRole('button', { name: t('credits.apply_code') }).click();
}

async function payOnDemoCheckout(page: Page) {
  await page.getByTestId('pay-button').click();
  await page.waitForURL('**/demo-checkout/**');
  await page.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
  await page.waitForURL(/\/credits\/\d+\/ideal\?order=\d+/);
  await page.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();
  return Number(new URL(page.url()).searchParams.get('order'));
}

const noSideScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('the console’s money area', () => {
  it('an admin filters orders, sees totals, downloads the CSV, and a discount code they create works at checkout until they disable it', async () => {
    // A member buys credits: today's paid iDEAL order.
    const { page: member, close } = await confirmedMemberWithPhoto(browser);
    await checkoutWithIdeal(member);
    const firstOrder = await payOnDemoCheckout(member);

    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true }));
    await openConsoleAs(admin, DEMO_ADMIN);
    await admin.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Orders' }).click();
    await admin.getByRole('heading', { name: 'Orders' }).waitFor();
    await admin.getByText('Choose a date range of up to 31 days').waitFor();

    // Paid iDEAL orders of today: the member's order is listed, with totals per currency.
    const today = new Date().toISOString().slice(0, 10);
    await admin.getByLabel('Status').selectOption('paid');
    await admin.getByLabel('Payment method').selectOption('ideal');
    await admin.getByLabel('From').fill(today);
    await admin.getByLabel('To (inclusive)').fill(today);
    await admin.getByRole('button', { name: 'Filter', exact: true }).click();
    await admin.waitForURL(/status=paid/);
    const row = admin.getByTestId('orders-table-row').filter({ has: admin.getByText(String(firstOrder), { exact: true }) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Paid');
    const eur = admin.getByTestId('totals-EUR');
    await eur.getByText(/^Paid: €[\d,.]+ \(\d+ orders\)$/).waitFor();
    expect(await admin.getByTestId('orders-table-row').filter({ hasText: 'Failed' }).count()).toBe(0);
    await expectAccessible(admin);

    // The CSV has the same filter: this order, as an accountant's spreadsheet reads it.
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('orders-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^order_id,created_at,site_id,site,user_id,status,payment_method/);
    expect(csv.find((line) => line.startsWith(`${firstOrder},`))).toMatch(/,paid,ideal,demo,/);
    expect(csv.slice(1).every((line) => line.includes(',paid,ideal,'))).toBe(true);

    // A discount code for iDEAL, once per member.
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await admin.getByRole('link', { name: 'Discount codes' }).first().click();
    await admin.getByRole('heading', { name: 'Discount codes', level: 1 }).waitFor();
    await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await admin.getByLabel('Discount (%)').fill('150');
    await admin.getByRole('button', { name: 'Create code' }).click();
    // Too much is refused at its field, and nothing is created.
    await admin.locator('.invalid-feedback').first().waitFor();
    expect(await admin.getByLabel('Discount (%)').getAttribute('aria-invalid')).toBe('true');
    await admin.getByLabel('Discount (%)').fill('30');
    await admin.getByLabel('Country').fill('NL');
    await admin.getByLabel('Payment methods').selectOption(['ideal']);
    await admin.getByRole('button', { name: 'Create code' }).click();
    await admin.getByRole('status').getByText(`Code ${code} created.`).waitFor();
    const codeRow = admin.getByTestId('codes-table-row').filter({ hasText: code });
    await codeRow.getByText('Once per member').waitFor();
    await expectAccessible(admin);
    // The same code again, in another case, is refused with its own message.
    await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await admin.getByLabel('Discount (%)').fill('10');
    await admin.getByRole('button', { name: 'Create code' }).click();
    await admin.getByText(t('errors.discount_code_taken')).first().waitFor();

    // The member uses it at checkout: 30 % off, on the order.
    await checkoutWithIdeal(member);
    await applyCode(member, code.toLowerCase());
    await member
      .getByText(t('credits.code_applied', { code, percentage: 30 }))
      .first()
      .waitFor();
    const discounted = await payOnDemoCheckout(member);
    const orders = await member.evaluate(
      async () =>
        (await (await fetch('/api/transactions.php')).json()) as { orders: { id: number; discount_code: string | null; discount_percentage: number }[] },
    );
    expect(orders.orders.find((order) => order.id === discounted)).toMatchObject({ discount_code: code, discount_percentage: 30 });

    // The admin disables it; the checkout no longer takes it.
    await admin.reload();
    await codeRow.getByText('1', { exact: true }).waitFor();
    await codeRow.getByRole('button', { name: `Disable ${code}` }).click();
    await codeRow.getByText('Disabled').first().waitFor();
    await checkoutWithIdeal(member);
    await applyCode(member, code);
    await member.getByText(t('errors.discount_code_not_found')).first().waitFor();

    // The audit log has both writes; the orders page works on a phone without sideways scrolling.
    await admin.goto(`${baseUrl()}/admin/audit?action=discount_code`);
    await admin.getByTestId('audit-entry').filter({ hasText: 'discount_code.disable' }).first().waitFor();
    await admin.getByTestId('audit-entry').filter({ hasText: 'discount_code.create' }).first().waitFor();
    await admin.setViewportSize({ width: 390, height: 844 });
    for (const path of [`/admin/orders?refunded=true`, '/admin/discount-codes', '/admin/mandates?blocked=true']) {
      await admin.goto(`${baseUrl()}${path}`);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      await noSideScroll(admin, 390);
      await expectAccessible(admin);
    }
    // The refused creations (400, 409) and the refused code (404) are logged by the browser as failed loads.
    expectNoConsoleErrors(admin, [`${baseUrl()}/api/admin/discount-codes`]);
    expect(member.consoleErrors.filter((entry) => !(entry.startsWith('Failed to load resource') && entry.includes('/api/discountcode.php?')))).toEqual([]);
    await admin.context().close();
    await close();
    // Two purchases, a sign-up and three console pages at two widths: longer than one journey step.
  }, 300_000);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMemberWithPhoto, readSmsCode } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;

/** The member buys the highlighted bundle by the site's own SEPA mandate, confirmed with the texted code; returns the order id. */
async function payByOwnMandate(page: Page): Promise<number> {
  await page.goto(`${baseUrl()}/credits`);
  await page
    .getByTestId('bundle')
    .filter({ hasText: t('credits.most_popular') })
    .getByRole('link')
    .click();
  await page.waitForURL(/\/credits\/\d+$/);
  await page.getByTestId('method-directdebit').click();
  await page.waitForURL(/\/credits\/\d+\/directdebit$/);
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/directdebit\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  const mobile = `+316${String(Date.now()).slice(-8)}`;
  await page.getByLabel(t('directdebit.account_holder')).fill('Sanne Bakker');
  await page.getByLabel(t('directdebit.iban')).fill('NL91 ABNA 0417 1643 00');
  await page.getByLabel(t('directdebit.street')).fill('Prinsengracht');
  await page.getByLabel(t('directdebit.house_number')).fill('263');
  await page.getByLabel(t('directdebit.postal_code')).fill('1016 GV');
  await page.getByLabel(t('directdebit.city')).fill('Amsterdam');
  await page.getByLabel(t('directdebit.mobile')).fill(mobile);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t('directdebit.submit') }).click();
  await page.getByRole('button', { name: t('directdebit.resend') }).waitFor();
  await page.getByLabel(t('directdebit.code')).fill(await readSmsCode(page, mobile));
  await page.getByRole('button', { name: t('directdebit.confirm') }).click();
  await page.getByTestId('directdebit-done').waitFor();
  return orderId;
}

describe('a returned direct debit of the site’s own mandate', () => {
  it('an admin books it on the order in the console, and it shows among the chargebacks and returns', async () => {
    const { page: member, id, close } = await confirmedMemberWithPhoto(browser);
    const orderId = await payByOwnMandate(member);
    const balance = () =>
      member.evaluate(async () => (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()).user.credits as number);
    const paidBalance = await balance();

    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    await admin.goto(`${baseUrl()}/admin/orders?user_id=${id}`);
    const row = admin.getByTestId('orders-table-row').filter({ has: admin.getByText(String(orderId), { exact: true }) });
    await row.getByRole('button', { name: 'Book return' }).click();

    const dialog = admin.getByRole('dialog', { name: `Book a returned direct debit for order ${orderId}` });
    await dialog.getByLabel("Reason code (from the bank's return file)").selectOption('MS02');
    await dialog.getByLabel('Day of the return').fill(new Date().toISOString().slice(0, 10));
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Book return' }).click();
    await admin.getByTestId('sepa-return-booked').getByText(`The return of order ${orderId} is booked.`).waitFor();
    expect(await dialog.count()).toBe(0);

    await admin.getByTestId('sepa-return-booked').getByRole('link', { name: 'See chargebacks and returns' }).click();
    await admin.getByRole('heading', { name: 'Chargebacks and returns' }).waitFor();
    const booked = admin.getByTestId('chargebacks-table-row').filter({ has: admin.getByText(String(orderId), { exact: true }) });
    const text = await booked.innerText();
    expect(text).toContain('MS02');
    expect(text).toMatch(/€\d+[.,]\d{2}/);
    await expectAccessible(admin);

    expect(text).toContain('SEPA return');
    // The order's unused credits were taken back from the member (sign-up credits stay).
    expect(await balance()).toBeLessThan(paidBalance);
    expectNoConsoleErrors(admin);
    expectNoConsoleErrors(member);
    await admin.context().close();
    await close();
  });
});

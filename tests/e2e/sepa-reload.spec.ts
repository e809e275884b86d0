import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto, readSmsCode } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('SEPA direct debit across a reload', () => {
  it('keeps the SMS-code step when the page is reloaded, and the texted code still pays the order', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    await page.goto(`${baseUrl()}/credits`);
    const bundle = page.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
    const credits = Number((await bundle.getByRole('heading').textContent())?.match(/\d+/)?.[0]);
    await bundle.getByRole('link', { name: t('credits.choose_bundle', { number: credits }) }).click();
    await page.waitForURL(/\/credits\/\d+$/);
    await page.getByTestId('method-directdebit').click();
    await page.waitForURL(/\/credits\/\d+\/directdebit$/);
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/directdebit\?order=\d+$/);

    const mobile = `+316${String(Date.now()).slice(-8)}`;
    await page.getByLabel(t('directdebit.account_holder')).fill('Anna de Vries');
    await page.getByLabel(t('directdebit.iban')).fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel(t('directdebit.street')).fill('Damrak');
    await page.getByLabel(t('directdebit.house_number')).fill('12');
    await page.getByLabel(t('directdebit.postal_code')).fill('1012 LG');
    await page.getByLabel(t('directdebit.city')).fill('Amsterdam');
    await page.getByLabel(t('directdebit.mobile')).fill(mobile);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: t('directdebit.submit') }).click();
    const sentTo = page.getByTestId('directdebit-sms-sent');
    await sentTo.getByText(mobile.slice(-3)).waitFor();

    // The member reloads (or the phone drops the tab while they read the SMS): still the code step.
    await page.reload();
    await sentTo.getByText(mobile.slice(-3)).waitFor();
    expect(await page.getByLabel(t('directdebit.account_holder')).count()).toBe(0);
    await page.getByRole('button', { name: t('directdebit.resend') }).waitFor();
    await expectAccessible(page);

    await page.getByLabel(t('directdebit.code')).fill(await readSmsCode(page, mobile));
    await page.getByRole('button', { name: t('directdebit.confirm') }).click();
    await page.getByTestId('directdebit-done').getByRole('heading', { name: t('directdebit.done_title') }).waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await close();
  });
});

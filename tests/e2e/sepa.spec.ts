import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto, openOutbox } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Reads the newest SEPA code texted to a number from the development outbox, in a second tab
 * of the same browser so the form keeps its state.
 */
async function smsCodeFromOutbox(page: Page, mobile: string): Promise<string> {
  const outbox = await openPage(page.context());
  await openOutbox(outbox);
  const entry = outbox.getByTestId('outbox-entry').filter({ hasText: mobile }).first();
  const text = (await entry.locator('pre').textContent()) ?? '';
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no SMS code to ${mobile} in the outbox: ${text}`);
  return code;
}

describe('SEPA direct debit', () => {
  it('a member buys a bundle by direct debit, confirming the mandate with the code from the SMS', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);

    // /credits → the highlighted bundle → SEPA (the member signed up from NL, where it is offered).
    await page.goto(`${baseUrl()}/credits`);
    const bundle = page.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
    const credits = Number((await bundle.getByRole('heading').textContent())?.match(/\d+/)?.[0]);
    await bundle.getByRole('link', { name: t('credits.choose_bundle', { number: credits }) }).click();
    await page.waitForURL(/\/credits\/\d+$/);
    await page.getByTestId('method-directdebit').click();
    await page.waitForURL(/\/credits\/\d+\/directdebit$/);
    await page.getByTestId('pay-button').click();

    // The site's own SEPA form, with the order's credits and price shown before any bank detail.
    await page.waitForURL(/\/directdebit\?order=\d+$/);
    await page.getByRole('heading', { name: t('directdebit.title') }).waitFor();
    expect(await page.getByTestId('directdebit-credits').textContent()).toBe(t('directdebit.credits', { number: credits }));
    expect(await page.getByTestId('directdebit-amount').textContent()).toMatch(/€\s?\d+\.\d{2}/);
    await expectAccessible(page);

    // Submitting without consent: the spec's text beside the checkbox, nothing sent.
    const mobile = `+316${String(Date.now()).slice(-8)}`;
    await page.getByLabel(t('directdebit.account_holder')).fill('Anna de Vries');
    await page.getByLabel(t('directdebit.iban')).fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel(t('directdebit.street')).fill('Damrak');
    await page.getByLabel(t('directdebit.house_number')).fill('12');
    await page.getByLabel(t('directdebit.postal_code')).fill('1012 LG');
    await page.getByLabel(t('directdebit.city')).fill('Amsterdam');
    await page.getByLabel(t('directdebit.mobile')).fill(mobile);
    await page.getByRole('button', { name: t('directdebit.submit') }).click();
    await page.getByText(t('errors.mandate_consent_required')).waitFor();
    // The mandate names the company behind the site as the creditor.
    const consent = page.getByRole('checkbox');
    expect(await page.locator(`label[for="${await consent.getAttribute('id')}"]`).textContent()).toMatch(/authorise .+ to collect €/);
    await consent.check();

    // A mobile number too short for the server: its problem beside the field, as a sentence
    // in the member's language — never the validator's own English.
    const mobileField = page.getByLabel(t('directdebit.mobile'));
    await mobileField.fill('123');
    await page.getByRole('button', { name: t('directdebit.submit') }).click();
    const tooShort = t('validation.text_too_short', { min: 6 });
    // Beside the mobile field (in its own field's box), and nowhere the validator's wording.
    await mobileField.locator('xpath=..').getByText(tooShort).waitFor();
    expect(await mobileField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/Too small|expected string/).count()).toBe(0);
    await mobileField.fill(mobile);
    await page.getByRole('button', { name: t('directdebit.submit') }).click();

    // The code step: the masked number, a code field and "resend SMS".
    await page.getByTestId('directdebit-sms-sent').getByText(mobile.slice(-3)).waitFor();
    await page.getByRole('button', { name: t('directdebit.resend') }).waitFor();
    await expectAccessible(page);

    const code = await smsCodeFromOutbox(page, mobile);
    await page.getByLabel(t('directdebit.code')).fill(code);
    await page.getByRole('button', { name: t('directdebit.confirm') }).click();

    // Completed: credits added, the balance, the way back, and the nav shows the new state.
    const done = page.getByTestId('directdebit-done');
    await done.getByRole('heading', { name: t('directdebit.done_title') }).waitFor();
    // The balance includes any sign-up credits the demo site gives.
    const balance = Number((await page.getByTestId('directdebit-balance').textContent())?.match(/\d+/)?.[0]);
    expect(balance).toBeGreaterThanOrEqual(credits);
    const nav = page.getByRole('navigation', { name: t('nav.main') });
    await nav.getByRole('link', { name: t('nav.credits') }).waitFor();
    expect(await nav.getByRole('link', { name: t('nav.get_premium') }).count()).toBe(0);
    await expectAccessible(page);

    // A reload shows the paid order, not the form again.
    await page.reload();
    await page.getByTestId('directdebit-done').waitFor();
    await done.getByRole('link', { name: t('directdebit.to_members') }).click();
    await page.waitForURL('**/members');
    // The refused short mobile number is the one failed call the browser logs.
    expectNoConsoleErrors(page, [`${baseUrl()}/api/directdebit.php`]);
    await close();
  });
});

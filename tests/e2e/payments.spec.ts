import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const t = en;
/** The demo provider's hosted page: the payer picks how the payment ends. */
const chooseOnDemoCheckout = async (page: Page, outcome: 'outcome_paid' | 'outcome_failed') => {
  await page.waitForURL('**/demo-checkout/**');
  await page.getByRole('button', { name: t(`demo_checkout.${outcome}`), exact: true }).click();
};

/** Opens /credits and chooses the highlighted bundle; returns its credits. */
async function chooseHighlightedBundle(page: Page) {
  await page.goto(`${baseUrl()}/credits`);
  await page.getByRole('heading', { name: t('credits.title') }).waitFor();
  await expectAccessible(page);
  const bundle = page.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
  const credits = Number((await bundle.getByRole('heading').textContent())?.match(/\d+/)?.[0]);
  await bundle.getByRole('link', { name: t('credits.choose_bundle', { number: credits }) }).click();
  await page.waitForURL(/\/credits\/\d+$/);
  await page.getByRole('heading', { name: t('credits.checkout_title') }).waitFor();
  return credits;
}

/** Waits for the completed payment state and checks the order number and the nav. */
async function expectCompleted(page: Page, credits: number) {
  const state = page.getByTestId('payment-state');
  await state.getByText(t('credits.state_completed')).waitFor();
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await state.getByText(t('credits.order_number', { id: orderId })).waitFor();
  await page
    .getByTestId('payment-toast')
    .getByText(t('credits.toast_body', { id: orderId, number: credits }))
    .waitFor();
  // The nav follows: credits instead of "get premium", and the balance on the page.
  const nav = page.getByRole('navigation', { name: t('nav.main') });
  await nav.getByRole('link', { name: t('nav.credits') }).waitFor();
  expect(await nav.getByRole('link', { name: t('nav.get_premium') }).count()).toBe(0);
  const balance = Number((await page.getByTestId('credit-balance').textContent())?.match(/\d+/)?.[0]);
  expect(balance).toBeGreaterThanOrEqual(credits);
  await expectAccessible(page);
}

describe('a member buys credits', () => {
  it('pays for a bundle with iDEAL through the demo checkout and becomes premium', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    await page.goto(`${baseUrl()}/members`);
    await page.getByRole('link', { name: t('nav.get_premium') }).waitFor();

    const credits = await chooseHighlightedBundle(page);
    // Signed up from NL: iDEAL is offered, and the Pay button shows the exact amount.
    await page.getByTestId('method-ideal').click();
    await page.waitForURL(/\/credits\/\d+\/ideal$/);
    const payButton = page.getByTestId('pay-button');
    await payButton.getByText(/iDEAL/).waitFor();
    const label = (await payButton.textContent()) ?? '';
    expect(label).toMatch(/€\s?\d+\.\d{2}/);
    await expectAccessible(page);

    await payButton.click();
    await page.waitForURL('**/demo-checkout/**');
    // The provider charges exactly what the button said.
    expect(label).toContain((await page.getByTestId('demo-amount').textContent()) ?? 'missing');
    await chooseOnDemoCheckout(page, 'outcome_paid');
    await page.waitForURL(/\/credits\/\d+\/ideal\?order=\d+/);
    await expectCompleted(page, credits);

    // Repeat order: the same bundle and method again, its amount shown before paying.
    await page.goto(`${baseUrl()}/credits/repeat-order`);
    await page.getByRole('heading', { name: t('credits.repeat_title') }).waitFor();
    await expectAccessible(page);
    await page.getByTestId('pay-button').getByText(/iDEAL/).waitFor();
    await page.getByTestId('pay-button').click();
    await chooseOnDemoCheckout(page, 'outcome_paid');
    await page.waitForURL(/\/credits\/\d+\/ideal\?order=\d+/);
    await page.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();
    expectNoConsoleErrors(page);
    await close();
  });

  it('retries a declined card payment with PayPal', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    const credits = await chooseHighlightedBundle(page);
    await page.getByTestId('method-creditcard').click();
    await page.waitForURL(/\/credits\/\d+\/creditcard$/);
    await page.getByTestId('pay-button').click();
    await chooseOnDemoCheckout(page, 'outcome_failed');

    await page.waitForURL(/\/credits\/\d+\/creditcard\?order=\d+/);
    const state = page.getByTestId('payment-state');
    await state.getByText(t('errors.card_payment_failed')).waitFor();
    await expectAccessible(page);
    await state.getByRole('button', { name: /PayPal/ }).click();

    await page.waitForURL('**/demo-checkout/**');
    await page.getByText('PayPal', { exact: true }).waitFor();
    await chooseOnDemoCheckout(page, 'outcome_paid');
    await page.waitForURL(/\/credits\/\d+\/paypal\?order=\d+/);
    await expectCompleted(page, credits);
    expectNoConsoleErrors(page);
    await close();
  });

  it('is told there is nothing to repeat before a first order', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    await page.goto(`${baseUrl()}/credits/repeat-order`);
    await page.getByTestId('no-previous-order').getByText(t('errors.no_previous_order')).waitFor();
    await page.getByRole('link', { name: t('credits.to_bundles') }).waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** '€14.96' → 1496: amounts as the pages print them, in cents. */
const cents = (text: string) => {
  const match = /(\d+)[.,](\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]) * 100 + Number(match[2]);
};

/** Chooses the highlighted bundle on /credits, then a method; returns the bundle's list price. */
async function chooseBundleAndMethod(page: Page, method: string) {
  await page.goto(`${baseUrl()}/credits`);
  const bundle = page.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
  const credits = Number((await bundle.getByRole('heading').textContent())?.match(/\d+/)?.[0]);
  await bundle.getByRole('link', { name: t('credits.choose_bundle', { number: credits }) }).click();
  await page.waitForURL(/\/credits\/\d+$/);
  await page.getByTestId(`method-${method}`).click();
  await page.waitForURL(new RegExp(`/credits/\\d+/${method}$`));
}

/** The demo provider's hosted page: the payer picks how the payment ends; returns the amount it charges. */
async function finishOnDemoCheckout(page: Page, outcome: 'outcome_paid' | 'outcome_failed') {
  await page.getByTestId('pay-button').click();
  await page.waitForURL('**/demo-checkout/**');
  const amount = (await page.getByTestId('demo-amount').textContent()) ?? '';
  await page.getByRole('button', { name: t(`demo_checkout.${outcome}`), exact: true }).click();
  await page.waitForURL(/\?order=\d+/);
  return amount;
}

/** No horizontal page scroll, and table cells with room around their text. */
async function expectFitsAndPadded(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `page wider than the window on ${page.url()}`).toBe(true);
  const paddings = await page.locator('table td').evaluateAll((cells) => cells.map((cell) => parseFloat(getComputedStyle(cell).paddingInlineStart)));
  expect(paddings.length).toBeGreaterThan(0);
  expect(Math.min(...paddings), `table cell padding on ${page.url()}`).toBeGreaterThanOrEqual(4);
}

describe('payment pages', () => {
  it('shows the price actually charged after a discounted payment, and the order pages fit a phone', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    // A new member has the welcome discount: the Pay button shows the lower price.
    await chooseBundleAndMethod(page, 'ideal');
    const summary = page.locator('section[aria-labelledby="order-summary"]');
    const listPrice = cents((await summary.locator('del').textContent()) ?? '');
    const charged = await finishOnDemoCheckout(page, 'outcome_paid');
    expect(cents(charged)).toBeLessThan(listPrice);

    // Completed: the member is premium now (no welcome discount any more), yet the summary is the order's.
    const state = page.getByTestId('payment-state');
    await state.getByText(t('credits.state_completed')).waitFor();
    expect(cents((await summary.locator('ins').textContent()) ?? '')).toBe(cents(charged));
    expect(cents((await summary.locator('del').textContent()) ?? '')).toBe(listPrice);
    // Also when the page is opened again (from the mail, the history, a reload).
    await page.reload();
    await state.getByText(t('credits.state_completed')).waitFor();
    expect(cents((await summary.locator('ins').textContent({ timeout: 5_000 })) ?? '')).toBe(cents(charged));
    await expectAccessible(page);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl()}/transactions`);
      await page.getByTestId('order-row').first().waitFor();
      await expectFitsAndPadded(page);
      // The price and the state are on screen, not off to the side (on a phone each order is a card).
      const row = page.getByTestId('order-row').first();
      for (const label of [t('transactions.price'), t('transactions.status_label')]) {
        const box = await row.locator(`td[data-label="${label}"]`).boundingBox();
        expect(box!.x + box!.width, `${label} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await expectAccessible(page);

      await page.goto(`${baseUrl()}/pricing`);
      await page.getByTestId('bundle-prices').waitFor();
      await expectFitsAndPadded(page);
      await expectAccessible(page);
    }
    expectNoConsoleErrors(page);
    await close();
  });

  it('keeps Visa chosen after a failed Visa payment, ready to pay again', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    await chooseBundleAndMethod(page, 'visa');
    await finishOnDemoCheckout(page, 'outcome_failed');
    await page.waitForURL(/\/credits\/\d+\/visa\?order=\d+/);
    await page.getByTestId('payment-state').getByText(t('errors.card_payment_failed')).waitFor();

    const visa = page.getByTestId('method-visa');
    expect(await visa.getAttribute('aria-current')).toBe('true');
    const pay = page.getByTestId('pay-button');
    expect(await pay.isEnabled()).toBe(true);
    await pay.getByText(/Visa/).waitFor();
    await expectAccessible(page);

    // Paying again from here goes to the provider with Visa.
    await finishOnDemoCheckout(page, 'outcome_paid');
    await page.waitForURL(/\/credits\/\d+\/visa\?order=\d+/);
    await page.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();
    expectNoConsoleErrors(page);
    await close();
  });
});

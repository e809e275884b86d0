import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto, readSmsCode } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
/**
 * One member for the whole file, in the order a new member meets these pages: the suite's
 * sign-ups all come from one address, which the server limits to 30 an hour.
 */
let page: Page & { consoleErrors: string[] };
let closeMember: () => Promise<void>;
beforeAll(async () => {
  browser = await launchBrowser();
  // Signed up as a woman looking for men, from the Netherlands (iDEAL and SEPA are offered).
  ({ page, close: closeMember } = await confirmedMemberWithPhoto(browser));
});
afterAll(async () => {
  await closeMember?.();
  await browser?.close();
});
// Each test answers for the console errors of its own steps.
beforeEach(() => {
  if (page) page.consoleErrors.length = 0;
});

/** '€14.96' → 1496: amounts as the pages print them, in cents. */
const cents = (text: string) => {
  const match = /(\d+)[.,](\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]) * 100 + Number(match[2]);
};

/** Chooses the highlighted bundle on /credits, then a payment method. */
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

describe('a new member’s first hour', () => {
  it('starts the search at the gender they are looking for, and can still choose any', async () => {
    await page.goto(`${baseUrl()}/members`);
    const gender = page.getByLabel(t('search.gender'));
    expect(await gender.inputValue()).toBe('male');
    const men = await page.evaluate(async () => (await (await fetch('/api/members.php?gender=male')).json()).numResults as number);
    await page
      .getByRole('status')
      .filter({ hasText: t('search.count', { shown: men >= 1000 ? '1000+' : men }) })
      .waitFor();
    await expectAccessible(page);

    await gender.selectOption('');
    await page.getByRole('button', { name: t('search.submit') }).click();
    await page.waitForURL('**/members?gender=any');
    const everyone = await page.evaluate(async () => (await (await fetch('/api/members.php')).json()).numResults as number);
    // Orientation holds both ways (ADR 0067): "any gender" still shows only the people this member
    // seeks (men), so the choice is kept but finds the same members.
    expect(everyone).toBe(men);
    await page
      .getByRole('status')
      .filter({ hasText: t('search.count', { shown: everyone >= 1000 ? '1000+' : everyone }) })
      .waitFor();
    await page.reload();
    expect(await page.getByLabel(t('search.gender')).inputValue()).toBe('');
    expectNoConsoleErrors(page);
  });

  it('is told that a settings switch was saved, or why it was not', async () => {
    await page.goto(`${baseUrl()}/notifications`);
    const notifications = page.getByRole('region', { name: t('settings.notifications_title') });
    const newMessages = notifications.getByRole('switch', { name: t('settings.notification_types.new_messages') });
    expect(await newMessages.isChecked()).toBe(true);
    await newMessages.uncheck();
    await notifications.getByRole('status').getByText(t('settings.saved')).waitFor();
    await expectAccessible(page);

    const privacy = page.getByRole('region', { name: t('settings.privacy_title') });
    await privacy.getByRole('switch', { name: t('settings.invisible') }).check();
    await privacy.getByRole('status').getByText(t('settings.saved')).waitFor();

    await page.reload();
    expect(await newMessages.isChecked()).toBe(false);
    expect(await privacy.getByRole('switch', { name: t('settings.invisible') }).isChecked()).toBe(true);

    // The server refuses (here: too many changes at once): the member reads why, and the switch stays as stored.
    await page.route('**/api/notifications.php', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'rate_limited', message: t('errors.rate_limited') }) }),
    );
    const likes = notifications.getByRole('switch', { name: t('settings.notification_types.like') });
    // A click, not uncheck(): the refusal may put the switch back before uncheck() looks at it.
    await likes.click();
    await notifications
      .getByRole('alert')
      .filter({ hasText: `${t('settings.save_failed')} ${t('errors.rate_limited')}` })
      .waitFor();
    expect(await likes.isChecked()).toBe(true);
    expect(await notifications.getByRole('status').getByText(t('settings.saved')).count()).toBe(0);
    await expectAccessible(page);
    expectNoConsoleErrors(page, [`${baseUrl()}/api/notifications.php`]);
    await page.unroute('**/api/notifications.php');
  });

  it('shows the price actually charged after a discounted payment, and the order pages fit a phone', async () => {
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
  });

  it('keeps Visa chosen after a failed Visa payment, ready to pay again', async () => {
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
  });

  it('keeps the SMS-code step when the page is reloaded, and the texted code still pays the order', async () => {
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
    await page
      .getByTestId('directdebit-done')
      .getByRole('heading', { name: t('directdebit.done_title') })
      .waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMember, confirmedMemberWithPhoto, logIn } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const MODAL_DELAY_MS = 40_000;
const modalOf = (page: Page) => page.getByRole('dialog', { name: t('time_bonus.title', { percentage: 25 }) });

/**
 * The localhost demo site gives 20 sign-up credits, and the chat journey counts on them; the
 * time-bonus modal is for members with 0 credits, so this member spends them on a 20-credit gift.
 */
async function spendAllCredits(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const search = (await (await fetch('/api/members.php', { headers: { accept: 'application/json' } })).json()) as { results: { id: number }[] };
    const sent = await fetch('/api/gifts.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ profile_id: search.results[0].id, gift_id: 'rose', client_id: `time-bonus-gift-${Date.now()}` }),
    });
    if (!sent.ok) throw new Error(`gift refused: ${sent.status} ${await sent.text()}`);
    return ((await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()) as { user: { credits: number } }).user.credits;
  });
}

/** Orders of the logged-in member, as the API reports them. */
const ordersOf = (page: Page) =>
  page.evaluate(
    async () =>
      (await (await fetch('/api/transactions.php')).json()) as {
        orders: { id: number; discount_code: string | null; discount_percentage: number; price: { amount: number } }[];
      },
  );

describe('the time bonus', () => {
  it('shows a new member with 0 credits the modal after 40 s; dismissed it stays away, followed it gives 25% off at checkout', async () => {
    const { context, page, member } = await confirmedMember(browser);
    expect(await spendAllCredits(page)).toBe(0);

    // A second browser of the same member: one dismisses the modal, the other follows it. Both
    // run on Playwright's clock, so the 40 s the modal waits pass without waiting for them.
    const otherContext = await browser.newContext({ locale: 'en-US' });
    const other = await openPage(otherContext);
    await other.clock.install();
    await logIn(other, member);
    await other.waitForURL('**/members');

    await page.clock.install();
    const entered = await page.evaluate(() => Date.now());
    await page.goto(`${baseUrl()}/members`);
    // Not yet: it waits 40 s after entering the members area.
    await page.clock.runFor(MODAL_DELAY_MS - 5_000);
    expect(await modalOf(page).count()).toBe(0);
    await page.clock.runFor(6_000);
    await modalOf(page).waitFor();
    expect((await page.evaluate(() => Date.now())) - entered).toBeGreaterThanOrEqual(MODAL_DELAY_MS - 1_000);
    await modalOf(page).getByText(t('time_bonus.act_fast')).waitFor();

    // The countdown ticks every second, from just under four hours.
    const countdown = modalOf(page).getByTestId('time-bonus-countdown');
    const first = (await countdown.textContent()) ?? '';
    expect(first).toMatch(/^03:5\d:\d\d$/);
    await page.clock.runFor(1_500);
    await expect.poll(() => countdown.textContent()).not.toBe(first);
    await expectAccessible(page);

    await modalOf(page)
      .getByRole('button', { name: t('time_bonus.not_now') })
      .click();
    await modalOf(page).waitFor({ state: 'detached' });
    expect(Number(await page.evaluate(() => window.localStorage.getItem('hide-time-bonus-modal')))).toBeGreaterThan(0);
    await page.reload();
    await page.clock.runFor(MODAL_DELAY_MS + 2_000);
    expect(await modalOf(page).count()).toBe(0);

    // The other browser never dismissed it: its modal leads to /credits with the bonus applied.
    await other.clock.runFor(MODAL_DELAY_MS + 1_000);
    await modalOf(other).waitFor();
    await modalOf(other)
      .getByRole('link', { name: t('time_bonus.cta', { percentage: 25 }) })
      .click();
    await other.waitForURL('**/credits');
    await other
      .getByTestId('active-discount')
      .getByText(t('credits.discount_time_bonus', { percentage: 25 }))
      .waitFor();
    const highlighted = other.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
    // Signed up from NL: €19.95 list price, 25 % off is €14.96.
    await highlighted.locator('del').getByText('€19.95').waitFor();
    await highlighted.locator('ins').getByText('€14.96').waitFor();
    await expectAccessible(other);

    await highlighted.getByRole('link').click();
    await other.waitForURL(/\/credits\/\d+$/);
    await other.getByTestId('method-ideal').click();
    await other.waitForURL(/\/credits\/\d+\/ideal$/);
    await other.getByTestId('pay-button').click();
    await other.waitForURL('**/demo-checkout/**');
    await other.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
    await other.waitForURL(/\/credits\/\d+\/ideal\?order=\d+/);
    await other.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();

    const [order] = (await ordersOf(other)).orders;
    expect(order).toMatchObject({ discount_code: 'TIMEBONUS25', discount_percentage: 25, price: { amount: 1496 } });
    // The member's transactions show the discount too.
    await other.goto(`${baseUrl()}/transactions/${order.id}`);
    await other
      .getByTestId('order-details')
      .getByText(t('transactions.discount_value', { percentage: 25, code: 'TIMEBONUS25' }))
      .waitFor();
    await expectAccessible(other);

    expectNoConsoleErrors(page);
    expectNoConsoleErrors(other);
    await context.close();
    await otherContext.close();
  }, 240_000);
});

describe('pricing and premium', () => {
  it('shows a visitor what things cost and what premium gives', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await openPage(context);
    await page.goto(`${baseUrl()}/pricing`);
    await page.getByRole('heading', { level: 1, name: t('pricing.title') }).waitFor();
    const actions = page.getByTestId('action-prices');
    await actions
      .getByRole('row', { name: new RegExp(t('pricing.actions.message')) })
      .getByText(t('pricing.credits_amount', { number: 10 }))
      .waitFor();
    await actions
      .getByRole('row', { name: new RegExp(t('pricing.actions.gift')) })
      .getByText(t('pricing.credits_amount', { number: 20 }))
      .waitFor();
    expect(await page.getByTestId('bundle-prices').locator('tbody tr').count()).toBe(4);
    await page.getByText(t('pricing.refunds_text', { days: 14 })).waitFor();
    // Spec §1: the number of free messages is not shown.
    expect(await page.getByText(/free messages?/i).count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: t('pricing.sign_up') }).waitFor();
    await page.goto(`${baseUrl()}/premium`);
    await page.getByRole('heading', { level: 1, name: t('premium.title') }).waitFor();
    await page.getByText(t('premium.benefit_chance', { percentage: 46 })).waitFor();
    await page.getByText(t('premium.benefit_upload', { premium: 25, free: 3 })).waitFor();
    await page.getByRole('link', { name: t('premium.sign_up') }).waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await context.close();
  });

  it('shows a member their prices, the running time bonus, their transactions and the offers before deleting', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    await page.goto(`${baseUrl()}/pricing`);
    await page.getByTestId('bundle-prices').getByText('€19.95').waitFor();
    await page.getByRole('link', { name: t('pricing.buy_credits') }).waitFor();
    await expectAccessible(page);

    await page
      .getByRole('navigation', { name: t('nav.main') })
      .getByRole('link', { name: t('nav.get_premium') })
      .click();
    await page.waitForURL('**/premium');
    await page.getByTestId('premium-time-bonus').getByTestId('time-bonus-countdown').waitFor();
    await page.getByRole('link', { name: t('premium.cta') }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('link', { name: t('nav.transactions') }).click();
    await page.waitForURL('**/transactions');
    await page.getByText(t('transactions.no_orders')).waitFor();
    const welcome = page.getByTestId('ledger-row').filter({ hasText: t('transactions.reasons.signup_bonus') });
    await welcome.getByText('+20').waitFor();
    await expectAccessible(page);

    await page.goto(`${baseUrl()}/notifications`);
    await page.getByRole('button', { name: t('deletion.start') }).click();
    const trial = page.getByTestId('deletion-trial');
    await trial.getByText(t('deletion.alternative_trial', { number: 50, price: '€7.46' })).waitFor();
    expect(await trial.getAttribute('href')).toMatch(/^\/credits\/\d+$/);
    // The localhost demo site gives no delete discount.
    expect(await page.getByTestId('deletion-discount').count()).toBe(0);
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await close();
  });
});

describe('refunds', () => {
  it('refunds the unused credits of a paid order after a confirmation, once', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    const started = await page.evaluate(async () => {
      const offer = (await (await fetch('/api/orders.php')).json()) as { bundles: { id: number; credits: number }[] };
      const bundle = offer.bundles[0];
      const response = await fetch('/api/orders.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ bundle_id: bundle.id, payment_method: 'ideal', client_id: `refund-journey-${Date.now()}` }),
      });
      return { ...((await response.json()) as { redirect_url: string; order: { id: number } }), credits: bundle.credits };
    });
    // The provider's hosted page is no React page: plain navigation, no hydration to wait for.
    await page.evaluate((url) => window.location.assign(url), started.redirect_url);
    await page.waitForURL('**/demo-checkout/**');
    await page.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
    await page.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();

    await page.goto(`${baseUrl()}/transactions`);
    const row = page.getByTestId('order-row').filter({ has: page.getByRole('link', { name: t('transactions.order_link', { number: started.order.id }) }) });
    await row.getByText(t('transactions.status.paid')).waitFor();
    await expectAccessible(page);
    // 20 sign-up credits + 50 bought: all 50 of the order are unused.
    await row.getByRole('button', { name: t('transactions.refund_request', { number: started.credits, amount: '€7.46' }) }).click();
    const dialog = page.getByRole('dialog', { name: t('transactions.refund_confirm_title') });
    // A new member's order carries the time bonus: €9.95 − 25 % = €7.46.
    await dialog.getByText(t('transactions.refund_confirm_text', { number: started.credits, order: started.order.id, amount: '€7.46' })).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t('transactions.refund_confirm', { number: started.credits }) }).click();

    await page
      .getByTestId('refund-result')
      .getByText(t('transactions.refund_done', { number: started.credits, order: started.order.id, amount: '€7.46' }))
      .waitFor();
    await row.getByText(t('transactions.status.refunded')).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    const refundEntry = page.getByTestId('ledger-row').filter({ hasText: t('transactions.reasons.refund') });
    await refundEntry.getByText(`-${started.credits}`).waitFor();
    await page
      .getByTestId('credit-balance')
      .getByText(t('credits.balance', { number: 20 }))
      .waitFor();

    await page.goto(`${baseUrl()}/transactions/${started.order.id}`);
    await page
      .getByTestId('order-details')
      .getByText(t('transactions.refund_value', { number: started.credits, amount: '€7.46' }))
      .waitFor();
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await close();
  });

  it('shows only the bought credits that are unused as refundable, never the free sign-up credits', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    // 20 free sign-up credits, then 50 bought with the time bonus (€7.46).
    const orderId = await payForFirstBundle(page);
    await page.goto(`${baseUrl()}/transactions`);
    const row = page.getByTestId('order-row').filter({ has: page.getByRole('link', { name: t('transactions.order_link', { number: orderId }) }) });
    await row.getByRole('button', { name: t('transactions.refund_request', { number: 50, amount: '€7.46' }) }).waitFor();
    await page.getByText(t('transactions.refund_rule')).waitFor();

    // 30 credits spent: they came from the 50 bought, so 20 of those are left (€2.98).
    expect(await sendGifts(page, 1)).toBe(50);
    expect(await sendMessage(page)).toBe(40);
    await page.reload();
    await row.getByRole('button', { name: t('transactions.refund_request', { number: 20, amount: '€2.98' }) }).waitFor();
    await expectAccessible(page);

    // 50 spent: every bought credit is used; the 20 left are the free ones, and nothing is refundable.
    expect(await sendGifts(page, 1)).toBe(20);
    await page.reload();
    await row.getByText(t('transactions.status.paid')).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await page.goto(`${baseUrl()}/transactions/${orderId}`);
    await page.getByTestId('order-details').getByText(t('transactions.status.paid')).waitFor();
    expect(await page.getByTestId('order-details').getByRole('button').count()).toBe(0);
    expectNoConsoleErrors(page);
    await close();
  });
});

/** Starts an order for the cheapest bundle and pays it on the demo checkout; returns its id. */
async function payForFirstBundle(page: Page): Promise<number> {
  const started = await page.evaluate(async () => {
    const offer = (await (await fetch('/api/orders.php')).json()) as { bundles: { id: number }[] };
    const response = await fetch('/api/orders.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ bundle_id: offer.bundles[0].id, payment_method: 'ideal', client_id: `refund-rule-${Date.now()}` }),
    });
    return (await response.json()) as { redirect_url: string; order: { id: number } };
  });
  await page.evaluate((url) => window.location.assign(url), started.redirect_url);
  await page.waitForURL('**/demo-checkout/**');
  await page.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
  await page.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();
  return started.order.id;
}

/** Sends `count` roses (20 credits each) to the first member the search shows; returns the balance after. */
async function sendGifts(page: Page, count: number): Promise<number> {
  return page.evaluate(async (count) => {
    const search = (await (await fetch('/api/members.php', { headers: { accept: 'application/json' } })).json()) as { results: { id: number }[] };
    let credits = -1;
    for (let index = 0; index < count; index++) {
      const sent = await fetch('/api/gifts.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ profile_id: search.results[0].id, gift_id: 'rose', client_id: `refund-gift-${Date.now()}-${index}` }),
      });
      if (!sent.ok) throw new Error(`gift refused: ${sent.status} ${await sent.text()}`);
      credits = ((await sent.json()) as { credits: number }).credits;
    }
    return credits;
  }, count);
}

/** Sends one text message (10 credits for a premium member from NL) to the first member the search shows. */
async function sendMessage(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const search = (await (await fetch('/api/members.php', { headers: { accept: 'application/json' } })).json()) as { results: { id: number }[] };
    const sent = await fetch('/api/messages.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ profile_id: search.results[0].id, text: 'Hello there', client_id: `refund-message-${Date.now()}` }),
    });
    if (!sent.ok) throw new Error(`message refused: ${sent.status} ${await sent.text()}`);
    return ((await sent.json()) as { credits: number }).credits;
  });
}

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

/** Buys the highlighted bundle with iDEAL on the demo checkout; returns its credits and the checkout's address. */
async function buyWithIdeal(page: Page) {
  await page.goto(`${baseUrl()}/credits`);
  const bundle = page.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
  const credits = Number((await bundle.getByRole('heading').textContent())?.match(/\d+/)?.[0]);
  await bundle.getByRole('link').click();
  await page.waitForURL(/\/credits\/\d+$/);
  await page.getByTestId('method-ideal').click();
  await page.getByTestId('pay-button').click();
  await page.waitForURL('**/demo-checkout/**');
  const checkout = page.url();
  await page.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
  await page.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();
  return { credits, checkout, orderId: Number(new URL(page.url()).searchParams.get('order')) };
}

/** The credits are spent: an operator takes them all back (the quickest way to "used them in chats"). */
async function spendAll(memberId: number, credits: number) {
  const admin = await openPage(await browser.newContext());
  await openConsoleAs(admin, DEMO_ADMIN);
  const status = await admin.evaluate(
    async ({ memberId, credits }) =>
      (
        await fetch(`/api/admin/members/${memberId}/credit-corrections`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ delta: -credits, reason: 'Journey: the member used these credits', idempotency_key: `debt-journey-${memberId}` }),
        })
      ).status,
    { memberId, credits },
  );
  expect(status).toBe(200);
  await admin.context().close();
}

describe('a member who owes money from a chargeback', () => {
  it('sees the amount, why and how to settle it on the credits page, with buying disabled', async () => {
    const { page, id, close } = await confirmedMemberWithPhoto(browser);
    const { credits, checkout, orderId } = await buyWithIdeal(page);
    await spendAll(id, credits);

    // The card issuer takes the whole payment back; the credits were spent, so it is all debt.
    await page.evaluate((url) => window.location.assign(url), checkout);
    await page.waitForURL(checkout);
    await page.getByRole('button', { name: t('demo_checkout.dispute_chargeback') }).click();
    await page.getByText(t('demo_checkout.done')).waitFor();

    await page.goto(`${baseUrl()}/credits`);
    const notice = page.getByTestId('open-debt');
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
    await notice.getByRole('heading', { name: t('credits.debt_title') }).waitFor();
    const text = await notice.innerText();
    expect(text).toMatch(new RegExp(`€\\d+\\.\\d{2} from order ${orderId}: your payment was charged back on`));
    expect(text).toContain(t('credits.debt_buying_disabled'));
    expect(text).toContain(t('credits.debt_settle'));
    await notice.getByRole('link', { name: t('footer.links.service') }).waitFor();

    // Every bundle's button is disabled and points at the notice for the reason.
    const buttons = page.getByTestId('bundle').getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) {
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe('open-debt-notice');
    }
    expect(await page.getByTestId('bundle').getByRole('link').count()).toBe(0);
    await expectAccessible(page);

    // Reaching a bundle's checkout by its address: the same notice, and Pay is disabled.
    await page.goto(checkoutPathFor(page.url(), await firstBundleId(page)));
    await page.getByTestId('open-debt').waitFor();
    expect(await page.getByTestId('pay-button').isDisabled()).toBe(true);
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await close();
  });
});

/** The first bundle's id, read from the offer the page loaded. */
async function firstBundleId(page: Page): Promise<number> {
  return page.evaluate(async () => (await (await fetch('/api/orders.php')).json()).bundles[0].id as number);
}

const checkoutPathFor = (current: string, bundleId: number) => `${new URL(current).origin}/credits/${bundleId}/ideal`;

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMemberWithPhoto, logIn } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SUPPORT = DEMO_STAFF.find((account) => account.role === 'support')!;

describe('members in the console', () => {
  it('a support user finds a member, refunds an order, and the member’s transactions show it; a ban sends the member to the access-ban page', async () => {
    // The member buys the first bundle through the demo provider.
    const { page: memberPage, member, id, close } = await confirmedMemberWithPhoto(browser);
    const started = await memberPage.evaluate(async () => {
      const offer = (await (await fetch('/api/orders.php')).json()) as { bundles: { id: number; credits: number }[] };
      const bundle = offer.bundles[0];
      const response = await fetch('/api/orders.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ bundle_id: bundle.id, payment_method: 'ideal', client_id: `console-refund-${Date.now()}` }),
      });
      return { ...((await response.json()) as { redirect_url: string; order: { id: number } }), credits: bundle.credits };
    });
    await memberPage.evaluate((url) => window.location.assign(url), started.redirect_url);
    await memberPage.waitForURL('**/demo-checkout/**');
    await memberPage.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
    await memberPage.getByTestId('payment-state').getByText(t('credits.state_completed')).waitFor();

    // Support finds them by e-mail address.
    const support = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(support, SUPPORT);
    await support.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Members' }).click();
    await support.getByRole('heading', { name: 'Members' }).waitFor();
    await support.getByRole('searchbox', { name: 'Search' }).fill(member.email.toUpperCase());
    await support.getByRole('button', { name: 'Search', exact: true }).click();
    await support.getByRole('link', { name: `Open member ${id}` }).click();
    await support.getByTestId('member-orders').waitFor();
    await expectAccessible(support);
    expect(await support.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // A new member's order carries the time bonus: €9.95 − 25 % = €7.46, all 50 credits unused.
    const row = support.getByTestId(`order-${started.order.id}`);
    await row.getByRole('button', { name: `Refund ${started.credits} credits (€7.46)` }).click();
    const dialog = support.getByRole('dialog', { name: `Refund order ${started.order.id}?` });
    await dialog.getByText('through demo').waitFor();
    expect(await dialog.getByRole('button', { name: 'Refund', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Member wrote in: bought by mistake');
    await expectAccessible(support);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await row.getByText(`Refunded ${started.credits} credits (€7.46)`).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await support.getByTestId('member-credits').getByText('20', { exact: true }).waitFor();

    // The member's transactions show the refund.
    await memberPage.goto(`${baseUrl()}/transactions`);
    const memberRow = memberPage
      .getByTestId('order-row')
      .filter({ has: memberPage.getByRole('link', { name: t('transactions.order_link', { number: started.order.id }) }) });
    await memberRow.getByText(t('transactions.status.refunded')).waitFor();
    await memberPage
      .getByTestId('ledger-row')
      .filter({ hasText: t('transactions.reasons.refund') })
      .getByText(`-${started.credits}`)
      .waitFor();

    // Support bans the member: their session ends, and signing in again shows the access-ban page.
    await support.getByRole('button', { name: 'Ban', exact: true }).click();
    const ban = support.getByRole('dialog', { name: 'Ban this member?' });
    await ban.getByLabel('Reason (kept in the audit log)').fill('Threatening messages');
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await support
      .getByTestId('ban-reason')
      .getByText(/Threatening messages/)
      .waitFor();
    await support.getByRole('button', { name: 'Lift the ban' }).waitFor();

    await memberPage.goto(`${baseUrl()}/transactions`);
    await memberPage.waitForURL((url) => !url.pathname.startsWith('/transactions'));
    await memberPage.goto(`${baseUrl()}/login`);
    await logIn(memberPage, member);
    await memberPage.waitForURL('**/pages/ban');

    // The member page works on a phone too: no sideways scrolling of the page, tables scroll in place.
    const phone = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await openConsoleAs(phone, SUPPORT);
    await phone.goto(`${baseUrl()}/admin/members?q=${encodeURIComponent(member.email)}`);
    await phone.getByTestId('members-table').getByText(member.email).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone);
    await phone.goto(`${baseUrl()}/admin/members/${id}`);
    await phone.getByTestId('member-orders').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone);

    expectNoConsoleErrors(support);
    expectNoConsoleErrors(phone);
    await phone.context().close();
    await support.context().close();
    await close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMember } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Offer {
  payment_country: string;
  bundles: { id: number; credits: number; price: { amount: number; currency: string } }[];
}

const money = (amount: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);
/** What the first journey changed, for the next one to check and put back. */
let changed: { country: string; amount: number; newAmount: number } | null = null;

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

/** Opens the demo site (localhost) in the console's editor, from the site list. */
async function openDemoSite(page: Page) {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Sites' }).click();
  await page.getByTestId('sites-table').waitFor();
  await page.getByLabel('Domain').first().fill('localhost');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/domain=localhost/);
  await page.getByTestId('sites-table').getByRole('row').filter({ hasText: 'localhost' }).first().getByRole('link').click();
  await page.getByRole('tab', { name: 'General' }).waitFor();
}

/** Sets one price of a bundle in the console's bundle tab and saves it. */
async function setPrice(page: Page, credits: number, country: string, amount: number) {
  await page.getByRole('tab', { name: 'Credit bundles' }).click();
  const bundle = page.getByRole('form', { name: `Bundle of ${credits} credits` });
  await bundle.getByLabel(`Price for ${country}`, { exact: true }).fill((amount / 100).toFixed(2));
  await bundle.getByRole('button', { name: 'Save bundle' }).click();
  await bundle.getByRole('status').getByText('Bundle saved.').waitFor();
}

describe('an admin runs a site from the console', () => {
  it('changes a bundle price in the console, and the member’s /credits shows the new price', async () => {
    const member = await confirmedMember(browser);
    await member.page.goto(`${baseUrl()}/credits`);
    await member.page.getByTestId('bundle').first().waitFor();
    const offer = (await member.page.evaluate(() => fetch('/api/orders.php').then((response) => response.json()))) as Offer;
    // Not the recommended bundle, so journeys that buy it run the same meanwhile.
    const target = offer.bundles.find((bundle) => bundle.credits === 300)!;
    const newAmount = target.price.amount + 111;

    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    await openDemoSite(admin);
    await expectAccessible(admin);
    await admin.getByRole('tab', { name: 'Credit bundles' }).click();
    const priced = admin.getByRole('form', { name: 'Bundle of 300 credits' });
    const country = (await priced.getByLabel(`Price for ${offer.payment_country}`, { exact: true }).count()) ? offer.payment_country : '*';
    await setPrice(admin, 300, country, newAmount);
    await expectAccessible(admin);

    // The member's next look at /credits has it: bundles are read per request.
    await member.page.reload();
    const card = member.page.getByTestId('bundle').filter({ has: member.page.getByRole('heading', { name: /\b300\b/ }) });
    await card.getByText(money(newAmount, target.price.currency)).first().waitFor();

    expectNoConsoleErrors(admin);
    await admin.context().close();
    await member.context.close();
    changed = { country, amount: target.price.amount, newAmount };
  }, 180_000);

  it('lists the change in the audit log, fits a phone, and puts the price back', async () => {
    expect(changed, 'the price journey ran first').not.toBeNull();
    const admin = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    // The change is in the audit log, with its before and after.
    await admin.goto(`${baseUrl()}/admin/audit?action=site.bundle`);
    await admin
      .getByTestId('audit-entry')
      .filter({ hasText: 'site.bundle.update' })
      .filter({ hasText: String(changed!.newAmount) })
      .first()
      .waitFor();

    // The list and the editor fit a phone: no page-wide side scroll, tables scroll in their region.
    await admin.goto(`${baseUrl()}/admin/sites`);
    await admin.getByTestId('sites-table').waitFor();
    await noSideScroll(admin);
    await expectAccessible(admin);
    await openDemoSite(admin);
    for (const tab of ['Members & access', 'Credits & refunds', 'Payment methods', 'Credit bundles']) {
      await admin.getByRole('tab', { name: tab }).click();
      await noSideScroll(admin);
    }
    await expectAccessible(admin);

    await setPrice(admin, 300, changed!.country, changed!.amount);
    expectNoConsoleErrors(admin);
    await admin.context().close();
  }, 180_000);

  it('writes a custom page in Markdown with a preview; members see it without any raw HTML', async () => {
    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, DEMO_ADMIN);
    await openDemoSite(admin);
    await admin.getByRole('tab', { name: 'Pages' }).click();
    const token = `safety-${Date.now()}`;
    await admin.getByLabel('New page address').fill(token);
    await admin.getByRole('button', { name: 'Add page' }).click();
    await admin.getByLabel('Title').fill('Safety tips');
    await admin
      .getByLabel('Text (Markdown)')
      .fill('## Meet in public\n\nTell **a friend** where you go.\n\n<script>window.pwned = 1</script><img src=x onerror="window.pwned=1">');
    const preview = admin.getByTestId('page-preview');
    await preview.getByRole('heading', { name: 'Meet in public' }).waitFor();
    expect(await preview.locator('strong').innerText()).toBe('a friend');
    expect(await preview.locator('script, img').count()).toBe(0);
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
    await admin.getByRole('link', { name: 'Open the published page' }).waitFor();
    await expectAccessible(admin);

    const visitor = await openPage(await browser.newContext({ locale: 'en-US' }));
    await visitor.goto(`${baseUrl()}/pages/${token}`);
    await visitor.getByRole('heading', { name: 'Safety tips' }).waitFor();
    await visitor.getByRole('heading', { name: 'Meet in public' }).waitFor();
    expect(await visitor.locator('.safe-markdown script, .safe-markdown img').count()).toBe(0);
    expect(await visitor.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await visitor.context().close();
    await admin.context().close();
  }, 180_000);
});

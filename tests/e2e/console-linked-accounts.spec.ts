import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { newMember, signUpByApi } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const MODERATOR = DEMO_STAFF.find((account) => account.role === 'moderator')!;

describe('linked accounts in the console (issue 32)', () => {
  it('a moderator sees that two accounts signed up from one browser, opens the other, and finds both by their e-mail domain', async () => {
    // One person signs up twice from the same browser: the same address and device cookie.
    const domain = `links${Date.now()}.example`;
    const visitor = await browser.newContext();
    const first = { ...newMember(), email: `first@${domain}` };
    const second = { ...newMember(), email: `second@${domain}` };
    const firstId = await signUpByApi(visitor, first);
    const secondId = await signUpByApi(visitor, second);
    await visitor.close();

    for (const width of [1280, 390]) {
      const page = await openPage(await browser.newContext({ viewport: { width, height: 900 } }));
      await openConsoleAs(page, MODERATOR);
      await page.goto(`${baseUrl()}/admin/members/${firstId}`);
      const row = page.getByTestId('linked-accounts').getByRole('row').filter({ hasText: second.email });
      await row.getByText('a sign-up or log-in IP address, a browser (device cookie)').waitFor();
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The link opens the other account's page, which links back.
      await row.getByRole('link', { name: `${second.name} (#${secondId})` }).click();
      await page
        .getByRole('heading', { level: 1 })
        .filter({ hasText: `${second.name} (#${secondId})` })
        .waitFor();
      await page
        .getByTestId('linked-accounts')
        .getByRole('link', { name: `${first.name} (#${firstId})` })
        .waitFor();

      // The search by e-mail domain finds both.
      await page.getByRole('link', { name: /Back to the search/ }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill(`@${domain}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('link', { name: `Open member ${firstId}` }).waitFor();
      await page.getByRole('link', { name: `Open member ${secondId}` }).waitFor();
      expectNoConsoleErrors(page);
      await page.context().close();
    }
  });
});

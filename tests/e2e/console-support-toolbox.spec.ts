import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMember, openOutbox } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SUPPORT = DEMO_STAFF.find((account) => account.role === 'support')!;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The signed-in member's id and balance, as the app reads them. */
const whoAmI = (page: Page) =>
  page.evaluate(async () => {
    const { user } = (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()) as { user: { id: number; credits: number } };
    return user;
  });

describe('support’s toolbox in the console', () => {
  for (const viewport of VIEWPORTS) {
    it(`support gives goodwill credits with a note, and the member sees the balance and the mail (${viewport.width} px)`, async () => {
      const member = await confirmedMember(browser);
      await member.page.goto(`${baseUrl()}/transactions`);
      const { id, credits } = await whoAmI(member.page);

      const support = await openPage(await browser.newContext({ viewport }));
      await openConsoleAs(support, SUPPORT);
      await support.goto(`${baseUrl()}/admin/members/${id}`);
      await support.getByLabel('Add a note (every staff member who may open this page reads it)').fill('Photo upload failed twice; promised credits.');
      await support.getByRole('button', { name: 'Add note' }).click();
      await support.getByTestId('member-note').getByText('Photo upload failed twice; promised credits.').waitFor();

      await support.getByRole('button', { name: 'Give goodwill credits' }).click();
      const dialog = support.getByRole('dialog', { name: 'Give goodwill credits' });
      await dialog.getByLabel('Credits to give').fill('15');
      await dialog.getByLabel('Reason (kept in the audit log)').fill('Photo upload failed twice');
      await expectAccessible(support);
      await dialog.getByRole('button', { name: 'Give the credits' }).click();
      await support.getByRole('status').getByText('Done.').waitFor();
      expect(await support.getByTestId('member-credits').textContent()).toBe(String(credits + 15));
      await fitsWidth(support, viewport.width);
      await expectAccessible(support);

      // The member's balance moves, and the mail says why.
      await member.page
        .getByTestId('credit-balance')
        .getByText(en('credits.balance', { number: credits + 15 }))
        .waitFor({ timeout: 10_000 });
      const outbox = await openPage(member.context);
      await openOutbox(outbox);
      await outbox
        .getByTestId('outbox-entry')
        .filter({ hasText: member.member.email })
        .filter({ hasText: en('mail.goodwill_credits.subject', { credits: 15, site_name: '' }).trim() })
        .first()
        .waitFor();

      expectNoConsoleErrors(support);
      expectNoConsoleErrors(member.page);
      await Promise.all([support.context().close(), member.context.close()]);
    });
  }
});

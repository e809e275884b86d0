import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMember, confirmedMemberWithPhoto, logIn, openOutbox } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const MODERATOR = DEMO_STAFF.find((account) => account.role === 'moderator')!;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** Sends a report from a member's page, as the report dialog does; answers its number. */
async function reportFrom(page: import('playwright-core').Page, body: Record<string, unknown>): Promise<number> {
  return page.evaluate(async (payload) => {
    const response = await fetch('/api/reports.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    if (response.status !== 201) throw new Error(`report answered ${response.status}`);
    return ((await response.json()) as { id: number }).id;
  }, body);
}

const fitsWidth = async (page: import('playwright-core').Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('trust and safety in the console', () => {
  for (const viewport of VIEWPORTS) {
    it(`a moderator removes a live photo from a report and the member is told (${viewport.width} px)`, async () => {
      // On this site photos go live at once; the member keeps their profile page open.
      const member = await confirmedMemberWithPhoto(browser);
      const reporter = await confirmedMember(browser);
      await reporter.page.goto(`${baseUrl()}/members`);
      const reportId = await reportFrom(reporter.page, { profile_id: member.id, reason: 'inappropriate_photo', text: 'Nude photo on the profile.' });

      const moderator = await openPage(await browser.newContext({ viewport }));
      await openConsoleAs(moderator, MODERATOR);
      await moderator.goto(`${baseUrl()}/admin/reports/${reportId}`);
      const evidence = moderator.getByTestId('report-evidence');
      const photo = evidence.getByTestId('evidence-photo').first();
      await photo.getByRole('img').waitFor();
      // Both members are a click away.
      await moderator.getByRole('link', { name: `Open the member page of ${member.member.name}` }).waitFor();
      await moderator.getByRole('link', { name: `Open the member page of ${reporter.member.name}` }).waitFor();
      await fitsWidth(moderator, viewport.width);
      await expectAccessible(moderator);

      await photo.getByRole('button', { name: /^Remove photo \d+$/ }).click();
      const dialog = moderator.getByRole('dialog', { name: /^Remove photo \d+\?$/ });
      await dialog.getByLabel('Reason told to the member').selectOption('nudity');
      await expectAccessible(moderator);
      await dialog.getByRole('button', { name: 'Remove photo', exact: true }).click();
      await moderator
        .getByRole('status')
        .getByText(/^Removed photo #\d+\. The member is told\.$/)
        .waitFor();
      expect(await evidence.getByTestId('evidence-photo').count()).toBe(0);

      // The member's open profile page says so at once, and the e-mail tells why.
      const reason = en('moderation.photo_reasons.nudity');
      await member.page.getByTestId('photo-rejected-notice').getByText(en('moderation.photo_removed_notice', { reason })).waitFor({ timeout: 10_000 });
      expect(await member.page.getByTestId('own-photo').count()).toBe(0);
      const outbox = await openPage(reporter.context);
      await openOutbox(outbox);
      const mail = outbox
        .getByTestId('outbox-entry')
        .filter({ hasText: member.member.email })
        .filter({ hasText: en('mail.photo_removed.subject', { site_name: '' }).trim() });
      await mail.first().waitFor();

      expectNoConsoleErrors(moderator);
      expectNoConsoleErrors(member.page);
      await Promise.all([moderator.context().close(), reporter.context.close(), member.close()]);
    });

    it(`a moderator suspends a member for 7 days and their sessions end (${viewport.width} px)`, async () => {
      const { context, page: memberPage, member } = await confirmedMember(browser);
      await memberPage.goto(`${baseUrl()}/members`);
      const id = Number(
        await memberPage.evaluate(async () => (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()).user.id),
      );

      const moderator = await openPage(await browser.newContext({ viewport }));
      await openConsoleAs(moderator, MODERATOR);
      await moderator.goto(`${baseUrl()}/admin/members/${id}`);
      await moderator.getByRole('button', { name: 'Suspend', exact: true }).click();
      const dialog = moderator.getByRole('dialog', { name: 'Suspend this member?' });
      await dialog.getByLabel('7 days').check();
      await dialog.getByLabel('Reason (kept in the audit log)').fill('Insults in several conversations');
      await expectAccessible(moderator);
      await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
      await moderator
        .getByTestId('suspension')
        .getByText(/Insults in several conversations/)
        .waitFor();
      await moderator.getByRole('button', { name: 'Lift the suspension' }).waitFor();
      await fitsWidth(moderator, viewport.width);
      await expectAccessible(moderator);

      // The member's open tab is signed out at once, and signing in says until when.
      await memberPage.waitForURL('**/login', { timeout: 10_000 });
      await logIn(memberPage, member);
      await memberPage.getByText(/^Your account is suspended until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./).waitFor();
      expect(new URL(memberPage.url()).pathname).toBe('/login');

      expectNoConsoleErrors(moderator);
      // What the open tab asked as its session ended answers 403: the sign-out this journey is about.
      const signedOut = /^Failed to load resource: the server responded with a status of 403 \(Forbidden\) @ .*\/api\/[\w-]+\.php(\?.*)?$/;
      expectNoConsoleErrors({ consoleErrors: memberPage.consoleErrors.filter((entry) => !signedOut.test(entry)) });
      await Promise.all([moderator.context().close(), context.close()]);
    });

    it(`an under-18 report is first in the list, and is dismissed in bulk (${viewport.width} px)`, async () => {
      const reporter = await confirmedMember(browser);
      const suspect = await confirmedMember(browser);
      const suspectId = Number(
        await suspect.page.evaluate(async () => (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()).user.id),
      );
      await reporter.page.goto(`${baseUrl()}/members`);
      const urgent = await reportFrom(reporter.page, { profile_id: suspectId, reason: 'underage', text: 'Says she is 15.' });

      const moderator = await openPage(await browser.newContext({ viewport }));
      await openConsoleAs(moderator, MODERATOR);
      await moderator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reports' }).click();
      await moderator.getByRole('heading', { name: 'Reports' }).waitFor();
      // Oldest first, yet the under-18 reports lead; ours is among them.
      const rows = moderator.getByTestId('reports-table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.first().innerText()).toContain('Under 18');
      const reasons = await rows.evaluateAll((list) => list.map((row) => row.textContent ?? ''));
      const firstOther = reasons.findIndex((row) => !row.includes('Under 18') && !row.includes('Threats'));
      const ours = reasons.findIndex((row) => row.includes(`#${urgent}`));
      expect(ours).toBeGreaterThanOrEqual(0);
      if (firstOther >= 0) expect(ours).toBeLessThan(firstOther);
      await fitsWidth(moderator, viewport.width);
      await expectAccessible(moderator);

      // Handled in bulk: tick it and dismiss the selection; it leaves the open list.
      await moderator.getByRole('checkbox', { name: `Select report #${urgent}` }).check();
      await moderator.getByRole('button', { name: 'Dismiss selected' }).click();
      await moderator.getByRole('status').getByText('1 report closed.').waitFor();
      await moderator.getByRole('link', { name: `Open report #${urgent}` }).waitFor({ state: 'detached' });

      expectNoConsoleErrors(moderator);
      await Promise.all([moderator.context().close(), reporter.context.close(), suspect.context.close()]);
    });
  }
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en as t } from './support/locales';

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;
const DEMO_HOST = DEMO_STAFF.find((account) => account.role === 'host')!;

/** The conversation a host has open, from the page's address (`/admin/inbox/{id}`). */
const conversationIdOf = async (page: { url: () => string }) => new URL(page.url()).pathname.split('/').pop();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the host workstation', () => {
  it(
    'an admin writes a canned reply; a host answers with it (never with contact details), and the admin sees the answer in the host figures, at 390 and 1280 px',
    { timeout: 300_000 },
    async () => {
      // The admin makes a fictional profile and a canned reply for the demo site (site 1).
      const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
      await openConsoleAs(admin, DEMO_ADMIN);
      await admin.goto(`${baseUrl()}/admin/fictional`);
      const name = `Mira${Date.now() % 100000}`;
      await admin.getByLabel('Site', { exact: true }).selectOption('1');
      await admin.getByLabel('Name', { exact: true }).fill(name);
      await admin.getByLabel('Date of birth').fill('1993-08-14');
      await admin.getByLabel('Country (two letters)').fill('NL');
      await admin.getByLabel('City').fill('Haarlem');
      await admin.getByLabel('About').fill('Sailing on weekends, <b>never</b> on Mondays.');
      await admin.getByRole('button', { name: 'Create profile' }).click();
      await admin.waitForURL(/\/admin\/fictional\/\d+$/);
      const profileId = Number(new URL(admin.url()).pathname.split('/').pop());

      await admin.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Canned replies' }).click();
      await admin.getByRole('heading', { name: 'Canned replies', level: 1 }).waitFor();
      const title = `Sailing ${name}`;
      const form = admin.getByRole('region', { name: 'New canned reply' });
      await form.getByLabel('Language').selectOption('en');
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Text').fill('Hi {name}, it is {profile}. Do you like the sea?');
      await form.getByRole('button', { name: 'Add reply' }).click();
      await admin.getByTestId('canned-reply-row').filter({ hasText: title }).waitFor();
      // A reply without a title is refused with the field named, in words an operator reads.
      await form.getByLabel('Text').fill('No title');
      await form.getByRole('button', { name: 'Add reply' }).click();
      await form.getByRole('alert').waitFor();
      await expectAccessible(admin);
      await admin.setViewportSize({ width: 390, height: 844 });
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expectNoConsoleErrors(admin, [`${baseUrl()}/api/admin/canned-replies`]);
      await admin.context().close();

      // A member writes to the profile.
      const member = await confirmedMemberWithPhoto(browser);
      await member.page.goto(`${baseUrl()}/members/${profileId}/chat`);
      await member.page.getByRole('button', { name: t('chat.icebreakers.weekend') }).click();
      await member.page.getByRole('button', { name: t('chat.send') }).click();
      await member.page.waitForURL('**/chats/*');

      // The host, on a phone, opens the conversation: the profile they speak as is in view.
      const host = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
      await openConsoleAs(host, DEMO_HOST);
      await host.goto(`${baseUrl()}/admin/inbox`);
      await host.getByRole('link', { name: new RegExp(`→ ${name}$`) }).click();
      const profile = host.getByTestId('fictional-profile');
      await profile.getByTestId('fictional-profile-name').getByText(name).waitFor();
      expect(await profile.innerText()).toContain('Haarlem');
      // Written as text: the markup shows as typed and makes no bold.
      expect(await profile.innerText()).toContain('<b>never</b>');
      expect(await profile.locator('b').count()).toBe(0);
      await host.getByTestId('member-profile-name').getByText(member.member.name).waitFor();
      // A note on the member, for every host after this one; shown with its author, as text.
      await host.getByLabel('New note on the member').fill('Likes sailing too <i>maybe</i>');
      await host.getByTestId('notes-member').getByRole('button', { name: 'Add note' }).click();
      const note = host.getByTestId('notes-member').getByTestId('host-note');
      await note.getByText('Likes sailing too <i>maybe</i>').waitFor();
      expect(await note.innerText()).toContain('Demo Host');
      await expectAccessible(host);
      expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // A host may not hand out contact details: the answer is refused, naming what was found.
      const box = host.getByRole('textbox', { name: `Answer as ${name}` });
      await box.fill('Text me on +31 6 1234 5678');
      await host.getByRole('button', { name: 'Send answer' }).click();
      await host.getByRole('alert').filter({ hasText: 'This answer contains a phone number' }).waitFor();
      expect(await host.getByTestId('host-message').filter({ hasText: '1234 5678' }).count()).toBe(0);

      // Picking the canned reply fills the box with the names; the host edits it and sends.
      await host.getByLabel('Canned reply').selectOption({ label: title });
      expect(await box.inputValue()).toBe(`Hi ${member.member.name}, it is ${name}. Do you like the sea?`);
      await host.getByText(/You are answering this conversation until/).waitFor();
      await box.fill(`${await box.inputValue()} I sail every Saturday.`);
      await host.getByRole('button', { name: 'Send answer' }).click();
      const answer = `Hi ${member.member.name}, it is ${name}. Do you like the sea? I sail every Saturday.`;
      await host.getByTestId('host-message').filter({ hasText: answer }).waitFor();
      await host.setViewportSize({ width: 1280, height: 900 });
      await profile.getByText(/Haarlem/).waitFor();
      await expectAccessible(host);
      expectNoConsoleErrors(host, [`${baseUrl()}/api/admin/inbox/${await conversationIdOf(host)}/reply`]);

      // The member gets the answer as written.
      await member.page.getByTestId('message').filter({ hasText: answer }).waitFor();
      await host.context().close();
      await member.close();

      // The admin opens the per-host figures: the host's line counts the conversation and the answer.
      const lead = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
      await openConsoleAs(lead, DEMO_ADMIN);
      await lead.goto(`${baseUrl()}/admin/inbox`);
      await lead.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Host figures' }).click();
      await lead.getByRole('heading', { name: 'Host figures', level: 1 }).waitFor();
      const row = lead.getByTestId('host-figures-row').filter({ hasText: DEMO_HOST.email });
      const cells = await row.getByRole('cell').allInnerTexts();
      expect(Number(cells[1])).toBeGreaterThanOrEqual(1);
      expect(Number(cells[2])).toBeGreaterThanOrEqual(1);
      await expectAccessible(lead);
      await lead.setViewportSize({ width: 390, height: 844 });
      await row.waitFor();
      expect(await lead.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(lead);
      expectNoConsoleErrors(lead);
      await lead.context().close();
    },
  );
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en as t } from './support/locales';

const DEMO_HOST = DEMO_STAFF.find((account) => account.role === 'host')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('fictional profiles, honestly', () => {
  // Three people in three browsers, one after another: longer than one journey's default time.
  it(
    'an owner makes a fictional profile; a member confirms its warning once; a host answers and the answer arrives live with its label',
    { timeout: 300_000 },
    async () => {
      // The owner makes a fictional profile on the demo site (site 1).
      const owner = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
      await openConsoleAs(owner, DEMO_OWNER);
      await owner.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Fictional profiles' }).click();
      await owner.getByRole('heading', { name: 'New fictional profile' }).waitFor();
      const name = `Fiona${Date.now() % 100000}`;
      await owner.getByLabel('Site', { exact: true }).selectOption('1');
      await owner.getByLabel('Name', { exact: true }).fill(name);
      await owner.getByLabel('Date of birth').fill('1996-04-20');
      await owner.getByLabel('Country (two letters)').fill('NL');
      await owner.getByLabel('About').fill('Run by the Rendezvous team.');
      await owner.getByRole('button', { name: 'Create profile' }).click();
      await owner.waitForURL(/\/admin\/fictional\/\d+$/);
      const profileId = Number(new URL(owner.url()).pathname.split('/').pop());
      await owner.getByRole('heading', { name: `Edit ${name}` }).waitFor();
      await owner.getByTestId('fictional-flag-note').waitFor();
      await expectAccessible(owner);
      // The list, a page at a time, at both widths.
      await owner.getByRole('link', { name: 'Back to the list' }).click();
      await owner.getByTestId('fictional-table').getByText(name).waitFor();
      await expectAccessible(owner);
      await owner.setViewportSize({ width: 390, height: 844 });
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expectNoConsoleErrors(owner);
      await owner.context().close();

      // The member writes: three free messages, then the first paid one asks for confirmation once.
      const member = await confirmedMemberWithPhoto(browser);
      await member.page.goto(`${baseUrl()}/members/${profileId}/chat`);
      await member.page.getByRole('button', { name: t('chat.icebreakers.weekend') }).click();
      await member.page.getByRole('button', { name: t('chat.send') }).click();
      await member.page.waitForURL('**/chats/*');
      await member.page
        .getByTestId('message')
        .filter({ hasText: t('chat.icebreakers.weekend') })
        .waitFor();
      const composer = member.page.getByLabel(t('chat.message_label'));
      for (const text of ['Free two', 'Free three']) {
        await composer.fill(text);
        await member.page.getByRole('button', { name: t('chat.send') }).click();
        await member.page.getByTestId('message').filter({ hasText: text }).waitFor();
      }
      await composer.fill('First paid message');
      await member.page.getByRole('button', { name: t('chat.send') }).click();
      const confirmation = member.page.getByTestId('fictional-confirmation');
      await confirmation.waitFor();
      expect(await confirmation.innerText()).toContain(t('chat.fictional_confirm.price', { price: 10 }));
      await expectAccessible(member.page);
      await confirmation.getByRole('button', { name: t('chat.fictional_confirm.send', { price: 10 }) }).click();
      await member.page.getByTestId('message').filter({ hasText: 'First paid message' }).waitFor();
      await member.page.getByText(t('chat.price', { price: 10, credits: 10 })).waitFor();
      // Asked once: the next paid message goes straight out.
      await composer.fill('Second paid message');
      await member.page.getByRole('button', { name: t('chat.send') }).click();
      await member.page.getByTestId('message').filter({ hasText: 'Second paid message' }).waitFor();
      expect(await confirmation.count()).toBe(0);

      // A host, on a phone, answers from the inbox.
      const host = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
      await openConsoleAs(host, DEMO_HOST);
      await host.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Host inbox' }).click();
      await host.getByRole('heading', { name: 'Host inbox' }).waitFor();
      await expectAccessible(host);
      expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await host.getByRole('link', { name: new RegExp(`→ ${name}$`) }).click();
      await host.getByTestId('host-message').filter({ hasText: 'Second paid message' }).waitFor();
      expect(await host.locator('body').innerText()).not.toContain(member.member.email);
      await host.getByRole('button', { name: 'Claim' }).click();
      await host.getByText(/You are answering this conversation until/).waitFor();
      await expectAccessible(host);
      expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const answer = `Hi! ${name} here, thanks for writing.`;
      await host.getByLabel(`Answer as ${name}`).fill(answer);
      await host.getByRole('button', { name: 'Send answer' }).click();
      await host.getByTestId('host-message').filter({ hasText: answer }).waitFor();
      await host.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(host);
      expectNoConsoleErrors(host);

      // The member's open chat gets it live, without a reload, marked as from a fictional profile.
      const arrived = member.page.getByTestId('message').filter({ hasText: answer });
      await arrived.waitFor();
      await arrived.getByTestId('fictional-mark').waitFor();
      expect(await member.page.getByTestId('message').filter({ hasText: 'Second paid message' }).getByTestId('fictional-mark').count()).toBe(0);
      await expectAccessible(member.page);
      expectNoConsoleErrors(member.page, [`${baseUrl()}/api/messages.php`]);
      await host.context().close();
      await member.close();
    },
  );
});

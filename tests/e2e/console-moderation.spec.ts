import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_STAFF } from '../../server/seed/demo-staff';
import { confirmedMember, newMember, openOutbox } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { authenticatorCode, openConsoleAs } from './support/console';
import { text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Flirtzone, the German demo brand on flirt.localhost, looks at every photo before others see it. */
const flirtzoneUrl = () => baseUrl().replace('//localhost', '//flirt.localhost');
const de = (key: string) => text('de', key);
const DEMO_MODERATOR = DEMO_STAFF.find((account) => account.role === 'moderator')!;

describe('moderation in the console', () => {
  it('an invited moderator enrols with an authenticator and approves a pending photo, which the member sees on their profile without reloading', async () => {
    // A Flirtzone member (signed up through a partner, as that brand requires) adds a photo.
    const memberContext = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'cf-ipcountry': 'AT' } });
    const member = await openPage(memberContext);
    const account = newMember();
    await member.goto(`${flirtzoneUrl()}/`);
    const signup = await member.evaluate(
      async (body) => {
        const response = await fetch('/api/signup.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      {
        email: account.email,
        password: account.password,
        name: account.name,
        date_of_birth: '1975-03-02',
        gender: 'female',
        seeking: 'male',
        country: 'AT',
        accept_terms: true,
        network: 'journey',
      },
    );
    expect(signup).toBe(201);
    await member.goto(`${flirtzoneUrl()}/profile`);
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#5b2c6f' } })
      .jpeg()
      .toBuffer();
    await member.getByTestId('photo-input').setInputFiles({ name: 'ich.jpg', mimeType: 'image/jpeg', buffer: photo });
    const pendingBadge = member.getByTestId('own-photo').getByText(de('profile.photo_pending'));
    await pendingBadge.waitFor();
    // Marks this very document: a reload would lose it.
    await member.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The owner invites a moderator, who enrols with a password and an authenticator.
    const owner = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(owner, DEMO_OWNER);
    await owner.getByRole('link', { name: 'Staff' }).first().click();
    const email = `photo.moderator.${Date.now()}@ops.example`;
    await owner.getByLabel('E-mail', { exact: true }).fill(email);
    await owner.getByLabel('Role', { exact: true }).selectOption('moderator');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    const link = await owner.getByTestId('invitation-url').innerText();

    const moderator = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await moderator.goto(link);
    await moderator.getByLabel('Your name').fill('Paula Photos');
    await moderator.getByLabel('Choose a password').fill('looking at photos all day');
    await moderator.getByRole('button', { name: 'Continue' }).click();
    const secret = await moderator.getByTestId('totp-secret').innerText();
    await moderator.getByLabel('Six-digit code').fill(await authenticatorCode(secret));
    await moderator.getByRole('button', { name: 'Confirm and sign in' }).click();
    await moderator.getByRole('link', { name: 'I have saved them — open the console' }).click();
    await moderator.getByTestId('console-identity').getByText('Paula Photos (Moderator)').waitFor();

    // The photo queue: the member's photo is there; select it and press A.
    await moderator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Photos' }).click();
    await moderator.getByRole('heading', { name: 'Photo queue' }).waitFor();
    expect(await moderator.getByTestId('photo-shortcuts').innerText()).toContain('A approve');
    await expectAccessible(moderator);
    const card = moderator.getByTestId('pending-photo').filter({ hasText: account.name });
    await card.getByRole('img').click();
    await card.getByText('Selected').waitFor();
    await moderator.keyboard.press('a');
    await moderator.getByText(/^Approved photo #\d+\.$/).waitFor();
    expect(await card.count()).toBe(0);

    // On the member's open page the photo is no longer pending, without a reload.
    await pendingBadge.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await member.getByTestId('own-photo').count()).toBe(1);
    expect(await member.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

    // The owner finds the decision in the audit log.
    await owner.getByRole('link', { name: 'Audit log' }).first().click();
    await owner.getByLabel('Action starts with').fill('photo.approve');
    await owner.getByRole('button', { name: 'Filter' }).click();
    await owner.getByTestId('audit-entry').filter({ hasText: email }).first().waitFor();

    expectNoConsoleErrors(member);
    expectNoConsoleErrors(moderator, [`${baseUrl()}/api/admin/invitation`]);
    expectNoConsoleErrors(owner);
    await Promise.all([memberContext.close(), owner.context().close(), moderator.context().close()]);
  });

  it('a member reports a profile, a moderator resolves it, and the reporter gets the answer by e-mail', async () => {
    const reporter = await confirmedMember(browser);
    await reporter.page.goto(`${baseUrl()}/members`);
    await reporter.page.locator('.profile-card').first().getByRole('link').first().click();
    await reporter.page.waitForURL(/\/members\/\d+$/);
    await reporter.page.getByTestId('report-button').click();
    const dialog = reporter.page.getByRole('dialog', { name: /^Report / });
    await dialog.getByLabel(text('en', 'report.reasons.fake_profile')).check();
    await dialog.getByLabel(text('en', 'report.text_label')).fill('These photos are of a film star.');
    await expectAccessible(reporter.page);
    await dialog.getByRole('button', { name: text('en', 'report.submit') }).click();
    await dialog.getByText(text('en', 'report.sent')).waitFor();

    const moderator = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await openConsoleAs(moderator, DEMO_MODERATOR);
    await moderator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reports' }).click();
    await moderator.getByRole('heading', { name: 'Reports' }).waitFor();
    const row = moderator.getByTestId('reports-table').getByRole('row').filter({ hasText: reporter.member.name });
    await row.getByRole('link').first().click();
    await moderator.getByTestId('report-text').getByText('These photos are of a film star.').waitFor();
    expect(await moderator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(moderator);
    await moderator.getByLabel('Status').selectOption('resolved');
    await moderator.getByLabel('Assignee').selectOption({ index: 1 });
    await moderator.getByLabel('Internal notes').fill('Reverse image search: a known actor.');
    await moderator.getByLabel('Reply to the reporter').fill('Thank you — we have removed the profile.');
    await moderator.getByRole('button', { name: 'Save' }).click();
    await moderator.getByRole('status').getByText('Saved.').waitFor();
    expect(await moderator.getByTestId('report-status').innerText()).toBe('Resolved');
    const number = /\/admin\/reports\/(\d+)/.exec(moderator.url())![1];

    // The reporter's answer is in the outbox, in their language, with the moderator's words.
    const outbox = await openPage(reporter.context);
    await openOutbox(outbox);
    const mail = outbox
      .getByTestId('outbox-entry')
      .filter({ hasText: reporter.member.email })
      .filter({ hasText: `#${number}` });
    await mail.first().waitFor();
    expect(await mail.first().innerText()).toContain('Thank you — we have removed the profile.');
    expectNoConsoleErrors(reporter.page);
    expectNoConsoleErrors(moderator);
    await Promise.all([reporter.context.close(), moderator.context().close()]);
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../server/seed/demo-staff';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { authenticatorCode, openConsoleAs, signInToConsole } from './support/console';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the operators’ console', () => {
  it('shows the sign-in to anyone who is not staff, and signs the demo owner in with password and code', async () => {
    const page = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await page.goto(`${baseUrl()}/admin/audit`);
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('E-mail address').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('Login failed, please try again').waitFor();

    await signInToConsole(page, DEMO_OWNER);
    expect(await page.getByTestId('console-identity').innerText()).toContain('(Owner)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    expectNoConsoleErrors(page, [`${baseUrl()}/api/admin/session`]);
    await page.context().close();
  });

  it('invites a moderator, who enrols with a password and an authenticator, and the owner sees it in the audit log', async () => {
    const owner = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(owner, DEMO_OWNER);
    await owner.getByRole('link', { name: 'Staff' }).first().click();
    const email = `moderator.${Date.now()}@ops.example`;
    await owner.getByLabel('E-mail', { exact: true }).fill(email);
    await owner.getByLabel('Role', { exact: true }).selectOption('moderator');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    const link = await owner.getByTestId('invitation-url').innerText();
    expect(link).toMatch(new RegExp(`^${baseUrl()}/admin/enrol\\?token=`));
    await expectAccessible(owner);

    const moderator = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await moderator.goto(link);
    await moderator.getByText(`You were invited as Moderator with ${email}.`).waitFor();
    await moderator.getByLabel('Your name').fill('Mira Moderator');
    await moderator.getByLabel('Choose a password').fill('password');
    await moderator.getByRole('button', { name: 'Continue' }).click();
    // A weak password is refused at its field.
    await moderator.locator('.invalid-feedback').first().waitFor();
    expect(await moderator.getByLabel('Choose a password').getAttribute('aria-invalid')).toBe('true');
    await moderator.getByLabel('Choose a password').fill('moderating the quiet hours');
    await moderator.getByRole('button', { name: 'Continue' }).click();
    await moderator.getByRole('img', { name: 'QR code with your two-step verification key' }).waitFor();
    await expectAccessible(moderator);
    const secret = await moderator.getByTestId('totp-secret').innerText();
    await moderator.getByLabel('Six-digit code').fill(await authenticatorCode(secret));
    await moderator.getByRole('button', { name: 'Confirm and sign in' }).click();
    await moderator.getByTestId('recovery-codes').waitFor();
    await expectAccessible(moderator);
    const codes = await moderator.getByTestId('recovery-codes').locator('li').allInnerTexts();
    expect(codes).toHaveLength(10);
    await moderator.getByRole('link', { name: 'I have saved them — open the console' }).click();
    await moderator.getByTestId('console-identity').getByText('Mira Moderator (Moderator)').waitFor();
    // A moderator's console has no staff or audit sections, and their addresses say so.
    const sections = await moderator.getByRole('navigation', { name: 'Console sections' }).getByRole('link').allInnerTexts();
    expect(sections).toContain('Overview');
    expect(sections).not.toContain('Staff');
    expect(sections).not.toContain('Audit log');
    const forbidden = await moderator.goto(`${baseUrl()}/admin/staff`);
    expect(forbidden?.status()).toBe(403);
    await moderator.getByText('Your role does not allow this page.').waitFor();

    await owner.getByRole('link', { name: 'Audit log' }).first().click();
    await owner.getByLabel('Action starts with').fill('staff');
    await owner.getByRole('button', { name: 'Filter' }).click();
    const entries = owner.getByTestId('audit-entry');
    await entries.filter({ hasText: 'staff.enrol' }).filter({ hasText: email }).first().waitFor();
    await entries.filter({ hasText: 'staff.invite' }).filter({ hasText: email }).first().waitFor();
    await expectAccessible(owner);
    expectNoConsoleErrors(owner);
    expectNoConsoleErrors(moderator, [`${baseUrl()}/api/admin/invitation`, `${baseUrl()}/admin/staff`]);
    await owner.context().close();
    await moderator.context().close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../server/seed/demo-staff';
import { baseUrl, clientAddressOf, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { authenticatorCode, openConsoleAs } from './support/console';
import { api } from './support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A host invited by the owner and enrolled through the invitation's API calls, as the enrolment page makes them. */
async function enrolledHost(ownerCookie: string, clientAddress: string) {
  const email = `host.${Date.now()}@ops.example`;
  const password = 'answering the evening shift';
  const invited = await api<{ invitation_url: string; staff: { id: number } }>('/api/admin/staff', {
    clientAddress,
    cookie: ownerCookie,
    body: { email, role: 'host' },
  });
  const token = new URL(invited.invitation_url).searchParams.get('token')!;
  const { secret } = await api<{ secret: string }>('/api/admin/invitation', { clientAddress, body: { token, name: 'Hana Host', password } });
  await api('/api/admin/invitation/confirm', { clientAddress, body: { token, code: await authenticatorCode(secret) } });
  return { id: invited.staff.id, email, password, oldSecret: secret };
}

describe('an owner keeps staff accounts safe', () => {
  it('resets a host’s two-step verification after a lost phone; the host sets it up again at the next sign-in', { timeout: 180_000 }, async () => {
    const owner = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(owner, DEMO_OWNER);
    const ownerCookie = (await owner.context().cookies(`${baseUrl()}/api/admin/staff`)).find((cookie) => cookie.name === 'rdv_staff')!;
    const host = await enrolledHost(`rdv_staff=${ownerCookie.value}`, clientAddressOf(owner.context()));

    // The owner finds the host on the staff page, asks to reset, reads what will happen and confirms.
    await owner.goto(`${baseUrl()}/admin/staff`);
    const row = owner.getByTestId('staff-table').getByRole('row').filter({ hasText: host.email });
    await row.getByRole('button', { name: 'Reset two-step' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Reset two-step verification for Hana Host?' });
    await dialog.getByText(`The authenticator app and the recovery codes of ${host.email} stop working`).waitFor();
    await expectAccessible(owner);
    await dialog.getByRole('button', { name: 'Reset two-step verification' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Reset two-step' }).waitFor({ state: 'detached' });
    // Disabling asks first too; cancelled, the host stays active.
    await owner.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: 'Disable' }).click();
    const disable = owner.getByRole('dialog', { name: 'Disable Hana Host?' });
    await disable.getByText(`${host.email} is signed out at once`).waitFor();
    await expectAccessible(owner);
    await disable.locator('.modal-footer').getByRole('button', { name: 'Cancel' }).click();
    await disable.waitFor({ state: 'detached' });
    await row.getByText('Active').waitFor();
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The host, on a phone: password, then a new authenticator app instead of the old code.
    const phone = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await phone.goto(`${baseUrl()}/admin`);
    await phone.getByLabel('E-mail address').fill(host.email);
    await phone.getByLabel('Password').fill(host.password);
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.getByRole('heading', { name: 'Set up two-step verification again' }).waitFor();
    await phone.getByRole('img', { name: 'QR code with your two-step verification key' }).waitFor();
    await expectAccessible(phone);
    const secret = await phone.getByTestId('totp-secret').innerText();
    expect(secret).not.toBe(host.oldSecret);
    await phone.getByLabel('Six-digit code').fill(await authenticatorCode(secret));
    await phone.getByRole('button', { name: 'Confirm and sign in' }).click();
    await phone.getByTestId('recovery-codes').waitFor();
    expect(await phone.getByTestId('recovery-codes').locator('li').allInnerTexts()).toHaveLength(10);
    await expectAccessible(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByRole('button', { name: 'I have saved them — open the console' }).click();
    await phone.getByTestId('console-identity').getByText('Hana Host (Host)').waitFor();

    // The owner, back at the desk, reads the reset, the new enrolment and the sign-in in the audit log.
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto(`${baseUrl()}/admin/audit?target_type=staff&target_id=${host.id}`);
    const entries = owner.getByTestId('audit-entry');
    await entries.filter({ hasText: 'staff.two_factor_reset' }).filter({ hasText: DEMO_OWNER.email }).waitFor();
    for (const action of ['staff.two_factor_enrol', 'staff.sign_in'])
      await entries.filter({ hasText: action }).filter({ hasText: host.email }).first().waitFor();
    await expectAccessible(owner);
    expectNoConsoleErrors(owner);
    expectNoConsoleErrors(phone);
    await owner.context().close();
    await phone.context().close();
  });

  it('refuses an address that is not one, sends an invitation again and withdraws it; the withdrawn link no longer works', { timeout: 120_000 }, async () => {
    const owner = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await openConsoleAs(owner, DEMO_OWNER);
    await owner.goto(`${baseUrl()}/admin/staff`);
    await owner.getByLabel('E-mail', { exact: true }).fill('<script>@x.y');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.locator('.invalid-feedback').first().waitFor();
    expect(await owner.getByLabel('E-mail', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    const email = `support.${Date.now()}@ops.example`;
    await owner.getByLabel('E-mail', { exact: true }).fill(email);
    await owner.getByLabel('Role', { exact: true }).selectOption('support');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    const firstLink = await owner.getByTestId('invitation-url').innerText();
    const row = owner.getByTestId('staff-table').getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Send again' }).click();
    const secondLink = await row.getByTestId('resent-invitation-url').innerText();
    expect(secondLink).not.toBe(firstLink);
    await expectAccessible(owner);

    await row.getByRole('button', { name: 'Withdraw invitation' }).click();
    const dialog = owner.getByRole('dialog', { name: `Withdraw the invitation to ${email}?` });
    await dialog.getByRole('button', { name: 'Withdraw invitation' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const invitee = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    for (const link of [firstLink, secondLink]) {
      await invitee.goto(link);
      await invitee.getByText('This invitation link does not work any more. Ask an owner for a new one.').waitFor();
    }
    await expectAccessible(invitee);
    expectNoConsoleErrors(owner, [`${baseUrl()}/api/admin/staff`]);
    expectNoConsoleErrors(invitee, [`${baseUrl()}/api/admin/invitation`]);
    await owner.context().close();
    await invitee.context().close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../server/seed/demo-staff';
import { baseUrl, clientAddressOf, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { newMember, signUpByApi, type E2eMember } from './support/accounts';
import { authenticatorCode, openConsoleAs } from './support/console';
import { api } from './support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface MembersPage {
  items: { id: number; email: string; site_id: number; site_name: string }[];
  sites: { id: number; name: string }[];
}

/** Flirtzone, the German demo brand on flirt.localhost: a second site with members of its own. */
const flirtzoneUrl = () => baseUrl().replace('//localhost', '//flirt.localhost');

/** A support agent invited by the owner and enrolled through the invitation's API calls, as the enrolment page makes them. */
async function enrolledSupport(ownerCookie: string, clientAddress: string) {
  const email = `support.sites.${Date.now()}@ops.example`;
  const password = 'answering members on one brand';
  const invited = await api<{ invitation_url: string }>('/api/admin/staff', { clientAddress, cookie: ownerCookie, body: { email, role: 'support' } });
  const token = new URL(invited.invitation_url).searchParams.get('token')!;
  const { secret } = await api<{ secret: string }>('/api/admin/invitation', { clientAddress, body: { token, name: 'Sam Support', password } });
  await api('/api/admin/invitation/confirm', { clientAddress, body: { token, code: await authenticatorCode(secret) } });
  return { email, password, totpSecret: secret };
}

/**
 * A member on the demo site and one on Flirtzone, each signed up with the sign-up call the last
 * step sends (Flirtzone takes members from a traffic source, as its settings require).
 */
async function membersOnTwoSites(): Promise<[E2eMember, E2eMember]> {
  const demo = newMember();
  const demoContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signUpByApi(demoContext, demo);
  await demoContext.close();

  const flirt = newMember();
  const flirtContext = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'cf-ipcountry': 'AT' } });
  const page = await openPage(flirtContext);
  await page.goto(`${flirtzoneUrl()}/`);
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/signup.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    {
      email: flirt.email,
      password: flirt.password,
      name: flirt.name,
      date_of_birth: '1980-06-01',
      gender: 'female',
      seeking: 'male',
      country: 'AT',
      accept_terms: true,
      network: 'journey',
    },
  );
  expect(status).toBe(201);
  await flirtContext.close();
  return [demo, flirt];
}

/** The member with this address as the owner's member search finds them, with their site. */
async function findMember(email: string, ownerCookie: string, clientAddress: string) {
  const { items, sites } = await api<MembersPage>(`/api/admin/members?q=${encodeURIComponent(email)}`, { clientAddress, cookie: ownerCookie });
  const member = items.find((item) => item.email === email);
  if (!member) throw new Error(`the owner finds no member ${email}`);
  return { memberId: member.id, email, site: sites.find((site) => site.id === member.site_id)! };
}

describe('staff limited to chosen sites (ADR 0060)', () => {
  it('the owner limits a support agent to one site on the staff page; the agent then finds only that site’s members', { timeout: 180_000 }, async () => {
    const owner = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(owner, DEMO_OWNER);
    const ownerCookie = `rdv_staff=${(await owner.context().cookies(`${baseUrl()}/api/admin/staff`)).find((cookie) => cookie.name === 'rdv_staff')!.value}`;
    const address = clientAddressOf(owner.context());
    const agent = await enrolledSupport(ownerCookie, address);
    const [demoMember, flirtMember] = await membersOnTwoSites();
    const kept = await findMember(demoMember.email, ownerCookie, address);
    const other = await findMember(flirtMember.email, ownerCookie, address);
    expect(kept.site.id).not.toBe(other.site.id);

    // The owner opens the agent's sites, sees that none means every site, ticks one and saves.
    await owner.goto(`${baseUrl()}/admin/staff`);
    const row = owner.getByTestId('staff-table').getByRole('row').filter({ hasText: agent.email });
    await row.getByText('All sites').waitFor();
    await row.getByRole('button', { name: 'Change sites' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Sites Sam Support works on' });
    await dialog.getByText('No site ticked: Sam Support sees and works on every site.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save sites' }).isDisabled()).toBe(true);
    await dialog.getByLabel(kept.site.name, { exact: true }).check();
    await dialog.getByText('Sam Support sees only the ticked sites').waitFor();
    await expectAccessible(owner);
    await dialog.getByRole('button', { name: 'Save sites' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.locator('td[data-label="Sites"]').filter({ hasText: kept.site.name }).waitFor();

    // On a phone the choice is there when the dialog opens again, and nothing overflows.
    await owner.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: 'Change sites' }).click();
    expect(await dialog.getByLabel(kept.site.name, { exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByLabel(other.site.name, { exact: true }).isChecked()).toBe(false);
    await expectAccessible(owner);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.locator('.modal-footer').getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The agent, on a phone: the member search lists and offers only the chosen site.
    const phone = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 } }));
    await openConsoleAs(phone, agent);
    await phone.goto(`${baseUrl()}/admin/members`);
    const table = phone.getByTestId('members-table');
    await table.locator('td[data-label="Site"]').first().waitFor();
    expect(new Set(await table.locator('td[data-label="Site"]').allInnerTexts())).toEqual(new Set([kept.site.name]));
    expect(await phone.getByLabel('Site', { exact: true }).locator('option').allInnerTexts()).toEqual(['All sites', kept.site.name]);
    await expectAccessible(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A member of the other site is not found, by search or by address; one of the chosen site opens.
    await phone.goto(`${baseUrl()}/admin/members?q=${encodeURIComponent(other.email)}`);
    await phone.getByText('Nothing matches.').waitFor();
    await phone.setViewportSize({ width: 1280, height: 900 });
    const hidden = await phone.goto(`${baseUrl()}/admin/members/${other.memberId}`);
    expect(hidden?.status()).toBe(404);
    // Exactly what a member id that does not exist shows: nothing tells the member is there.
    await phone.locator('[data-testid="error-page"][data-status="404"]').getByRole('heading', { name: 'This page could not be found' }).waitFor();
    await expectAccessible(phone);
    const shown = await phone.goto(`${baseUrl()}/admin/members/${kept.memberId}`);
    expect(shown?.status()).toBe(200);
    await phone
      .getByRole('heading', { level: 1 })
      .filter({ hasText: `#${kept.memberId}` })
      .waitFor();
    await expectAccessible(phone);

    expectNoConsoleErrors(owner);
    expectNoConsoleErrors(phone, [`${baseUrl()}/admin/members/${other.memberId}`]);
    await owner.context().close();
    await phone.context().close();
  });
});

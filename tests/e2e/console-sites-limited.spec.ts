import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteListResponse } from '../../contract/admin/sites';
import { DEMO_OWNER } from '../../server/seed/demo-staff';
import { baseUrl, clientAddressOf, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { authenticatorCode, openConsoleAs } from './support/console';
import { api } from './support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An admin the owner limits to one site at the invitation, enrolled through the invitation's API calls (ADR 0060). */
async function enrolledLimitedAdmin(ownerCookie: string, clientAddress: string, siteId: number) {
  const email = `limited.${Date.now()}@ops.example`;
  const password = 'one brand is plenty for me';
  const invited = await api<{ invitation_url: string }>('/api/admin/staff', {
    clientAddress,
    cookie: ownerCookie,
    body: { email, role: 'admin', site_ids: [siteId] },
  });
  const token = new URL(invited.invitation_url).searchParams.get('token')!;
  const { secret } = await api<{ secret: string }>('/api/admin/invitation', { clientAddress, body: { token, name: 'Lina Limited', password } });
  await api('/api/admin/invitation/confirm', { clientAddress, body: { token, code: await authenticatorCode(secret) } });
  return { email, password, totpSecret: secret };
}

describe('an admin limited to one site', () => {
  it('finds only that site in the site list and the traffic picker, and is told new sites are not theirs to add', { timeout: 180_000 }, async () => {
    const owner = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(owner, DEMO_OWNER);
    const ownerCookie = (await owner.context().cookies(`${baseUrl()}/api/admin/staff`)).find((cookie) => cookie.name === 'rdv_staff')!;
    const clientAddress = clientAddressOf(owner.context());
    const cookie = `rdv_staff=${ownerCookie.value}`;
    const { items } = await api<SiteListResponse>('/api/admin/sites?page_size=100', { clientAddress, cookie });
    const demo = items.find((site) => site.domain === 'localhost')!;
    const other = items.find((site) => site.domain !== 'localhost')!;
    expect(other, 'the demo has a second site').toBeDefined();
    const account = await enrolledLimitedAdmin(cookie, clientAddress, demo.id);

    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(admin, account);
    await admin.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Sites' }).click();
    const table = admin.getByTestId('sites-table');
    await table.getByRole('row').filter({ hasText: demo.name }).first().waitFor();
    expect(await table.getByRole('row').filter({ hasText: other.domain }).count()).toBe(0);
    await admin.getByTestId('new-site-limited').getByText('new sites are added by staff who work on every site').waitFor();
    expect(await admin.getByRole('heading', { name: 'New site' }).count()).toBe(0);
    await expectAccessible(admin);

    await admin.goto(`${baseUrl()}/admin/traffic`);
    await admin.locator('#traffic-site').waitFor();
    expect(await admin.locator('#traffic-site option').allInnerTexts()).toEqual([demo.name]);
    await expectAccessible(admin);

    // The owner still has both sites to choose from, and the form for a new one.
    await owner.goto(`${baseUrl()}/admin/traffic`);
    expect(await owner.locator('#traffic-site option').allInnerTexts()).toEqual(expect.arrayContaining([demo.name, other.name]));
    await owner.goto(`${baseUrl()}/admin/sites`);
    await owner.getByRole('heading', { name: 'New site' }).waitFor();

    expectNoConsoleErrors(admin);
    expectNoConsoleErrors(owner);
    await admin.context().close();
    await owner.context().close();
  });
});

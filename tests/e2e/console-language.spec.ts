import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../server/seed/demo-staff';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { authenticatorCode, openConsoleAs } from './support/console';
import { text } from './support/locales';

/** Issue 32: each staff member's console speaks their language; they switch it in the console's top bar. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const de = (key: string) => text('de', key, 'admin');
const en = (key: string) => text('en', key, 'admin');

/** A same-origin JSON call from the page, as the console's own forms make it. */
function call<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, { method, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * A moderator of this journey's own, so the demo accounts other journeys use keep their
 * language: the owner invites, and the invitee enrols from an English browser.
 */
async function enrolModerator(page: Page) {
  const owner = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  await openConsoleAs(owner, DEMO_OWNER);
  const invited = await call<{ invitation_url: string }>(owner, 'POST', '/api/admin/staff', { email: `lang.${Date.now()}@ops.example`, role: 'moderator' });
  await owner.context().close();
  const token = new URL(invited.invitation_url).searchParams.get('token')!;
  await page.goto(`${baseUrl()}/admin/enrol?token=${token}`);
  const { secret } = await call<{ secret: string }>(page, 'POST', '/api/admin/invitation', {
    token,
    name: 'Lena Language',
    password: 'speaking in many tongues',
  });
  await call(page, 'POST', '/api/admin/invitation/confirm', { token, code: await authenticatorCode(secret) });
}

const consoleRoot = (page: Page) => page.locator('.admin-console');
const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('the console in the staff member’s language', () => {
  it('greets a German browser’s sign-in in German', async () => {
    const page = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' }));
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('heading', { name: de('sign_in.title') }).waitFor();
    expect(await consoleRoot(page).getAttribute('lang')).toBe('de');
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await page.context().close();
  });

  it('a moderator switches the console to German and reads it in German at 390 and 1280 px', async () => {
    const page = await openPage(await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' }));
    await enrolModerator(page);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('button', { name: en('nav.sign_out') }).waitFor();
    expect(await consoleRoot(page).getAttribute('lang')).toBe('en');

    await page.getByLabel(en('nav.console_language')).selectOption('de');
    await page.locator('.admin-console[lang="de"]').waitFor();
    await page.getByRole('button', { name: de('nav.sign_out') }).waitFor();
    await page
      .getByRole('navigation', { name: de('nav.label') })
      .getByRole('link', { name: de('nav.reports') })
      .waitFor();
    expect(await page.getByLabel(de('nav.console_language')).inputValue()).toBe('de');
    await fitsWidth(page, 390);
    await expectAccessible(page);

    // Kept on the account: a wide screen, a fresh load, another section — still German.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl()}/admin/reports`);
    expect(await consoleRoot(page).getAttribute('lang')).toBe('de');
    await page.getByRole('heading', { name: de('reports.title'), level: 1 }).waitFor();
    await fitsWidth(page, 1280);
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await page.context().close();
  });
});

import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../server/seed/demo-staff';
import { baseUrl, clientAddressOf, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { api } from './support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('editing a fictional profile', () => {
  it('saves a change, refuses an under-18 date of birth at its field, and adds and removes a photo', { timeout: 120_000 }, async () => {
    const page = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(page, DEMO_OWNER);
    const staffCookie = (await page.context().cookies(`${baseUrl()}/api/admin/staff`)).find((cookie) => cookie.name === 'rdv_staff')!;
    const name = `Edda${Date.now() % 100000}`;
    const profile = await api<{ id: number }>('/api/admin/fictional-profiles', {
      clientAddress: clientAddressOf(page.context()),
      cookie: `rdv_staff=${staffCookie.value}`,
      body: { site_id: 1, name, gender: 'female', seeking: 'male', date_of_birth: '1994-09-09', country: 'NL' },
    });

    await page.goto(`${baseUrl()}/admin/fictional/${profile.id}`);
    await page.getByRole('heading', { name: `Edit ${name}` }).waitFor();
    await page.getByLabel('About').fill('Loves the sea.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();

    await page.getByLabel('Date of birth').fill('2015-01-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Every profile must be of someone aged 18 or over: this date of birth is too recent.').waitFor();
    expect(await page.getByLabel('Date of birth').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    // A photo, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const jpeg = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#c06040' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Add a photo').setInputFiles({ name: 'edda.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByRole('img', { name: `Photo 1 of ${name}` }).waitFor();
    await page.getByTestId('fictional-photos').getByText('Shown first').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this photo?' });
    await dialog.locator('.modal-footer').getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('fictional-photos-empty').waitFor();
    expectNoConsoleErrors(page, [`${baseUrl()}/api/admin/fictional-profiles/${profile.id}`]);
    await page.context().close();
  });
});

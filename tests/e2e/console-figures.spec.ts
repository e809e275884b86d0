import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { newMember, signUpByApi } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';

/** Issue 33: an owner reads the business figures — the retention chart and the cohort table — on a phone and on a desk. */

const DEMO_OWNER = DEMO_STAFF.find((account) => account.role === 'owner')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // A sign-up this week: its session makes the newest cohort active in its own week.
  const context = await browser.newContext();
  await signUpByApi(context, newMember());
  await context.close();
});
afterAll(() => browser?.close());

describe('the business figures', () => {
  it.each([390, 1280])(
    'at %i px an owner reads the retention chart and the cohort table, active and paying',
    async (width) => {
      const owner = await openPage(await browser.newContext({ viewport: { width, height: 900 } }));
      await openConsoleAs(owner, DEMO_OWNER);
      await owner.goto(`${baseUrl()}/admin/figures?period=4w`);
      await owner.getByRole('heading', { level: 1, name: 'Business figures' }).waitFor();

      const chart = owner.getByTestId('retention-chart');
      expect(await chart.getByTestId('chart-legend').locator('li').allInnerTexts()).toEqual(['Still active', 'Still paying']);
      expect(await chart.getByTestId('chart-value-axis').locator('.admin-chart-unit').textContent()).toBe('%');
      expect((await chart.getByTestId('chart-time-axis').locator('text').allTextContents())[0]).toBe('Week 0');

      const table = owner.getByTestId('cohort-table');
      expect(await table.locator('tbody tr').count()).toBe(4);
      const newest = table.locator('tbody tr').last();
      expect(Number(await newest.locator('td').first().textContent())).toBeGreaterThanOrEqual(1);
      expect(await newest.locator('td').nth(1).textContent()).toMatch(/^\d+\.\d %$/);
      await owner.getByRole('button', { name: 'Still paying' }).click();
      await expect.poll(() => owner.getByRole('button', { name: 'Still paying' }).getAttribute('aria-pressed')).toBe('true');

      expect(await owner.getByTestId('figures-csv').getAttribute('href')).toBe('/api/admin/figures.csv?period=4w');
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(owner);
      expectNoConsoleErrors(owner);
      await owner.context().close();
    },
    120_000,
  );
});

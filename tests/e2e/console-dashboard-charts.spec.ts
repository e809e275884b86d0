import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';

/** Issue 32: the dashboard's charts can be read: axes, a legend clear of the plot, a tooltip for mouse and keyboard. */

const DEMO_ADMIN = DEMO_STAFF.find((account) => account.role === 'admin')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** The boxes of every label on one axis, in the page. */
async function labelBoxes(axis: Locator): Promise<Box[]> {
  return axis.locator('text').evaluateAll((texts) =>
    texts.map((text) => {
      const box = text.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width, height: box.height };
    }),
  );
}

async function openDashboard(page: Page, range: string) {
  await openConsoleAs(page, DEMO_ADMIN);
  await page.goto(`${baseUrl()}/admin/dashboard?range=${range}`);
  await page.getByTestId('chart-plot').first().waitFor();
}

describe('the dashboard charts', () => {
  it.each([
    [1280, '30d', /^[A-Z][a-z]{2} \d{1,2}$/],
    [390, '12m', /^[A-Z][a-z]{2} \d{2}$/],
  ])(
    'at %i px (%s) have a dated time axis, a value axis with its unit and a legend below the plot',
    async (width, range, dateLabel) => {
      const admin = await openPage(await browser.newContext({ viewport: { width, height: 900 } }));
      await openDashboard(admin, range);
      const charts = admin.getByTestId('chart');
      expect(await charts.count()).toBeGreaterThanOrEqual(4);
      const members = admin.locator('figure').filter({ has: admin.getByText('Sign-ups and activations') });

      const timeLabels = await members.getByTestId('chart-time-axis').locator('text').allTextContents();
      expect(timeLabels.length).toBeGreaterThan(1);
      for (const label of timeLabels) expect(label).toMatch(dateLabel);
      const valueAxis = members.getByTestId('chart-value-axis');
      expect(await valueAxis.locator('.admin-chart-unit').textContent()).toBe('Members');
      expect((await valueAxis.locator('text').allTextContents()).slice(1)).toContain('0');

      // Neither the legend nor the axis labels sit on one another.
      const legend = members.getByTestId('chart-legend');
      expect(await legend.locator('li').allInnerTexts()).toEqual(['Sign-ups', 'Activations']);
      expect(overlaps(await boxOf(legend), await boxOf(members.getByTestId('chart-plot')))).toBe(false);
      const labels = [...(await labelBoxes(members.getByTestId('chart-time-axis'))), ...(await labelBoxes(valueAxis))];
      for (const [index, box] of labels.entries()) for (const other of labels.slice(index + 1)) expect(overlaps(box, other)).toBe(false);
      const frame = await boxOf(charts.first());
      expect(frame.width).toBeLessThanOrEqual(width);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(admin);
      expectNoConsoleErrors(admin);
      await admin.context().close();
    },
    120_000,
  );

  it('shows a bucket’s figures in a tooltip, from the keyboard as from the mouse', async () => {
    const admin = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openDashboard(admin, '30d');
    const chart = admin.getByTestId('chart').first();
    await chart.focus();
    const tooltip = chart.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    const latest = await tooltip.textContent();
    expect(latest).toMatch(/Sign-ups: ?\d+/);
    await admin.keyboard.press('ArrowLeft');
    await expect.poll(() => tooltip.textContent()).not.toBe(latest);
    await admin.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });

    const plot = await boxOf(chart.getByTestId('chart-plot'));
    await admin.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(/Activations: ?\d+/);
    expectNoConsoleErrors(admin);
    await admin.context().close();
  }, 120_000);
});

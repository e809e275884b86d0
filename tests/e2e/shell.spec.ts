import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { DEMO_PASSWORD } from './support/http';
import { en as t } from './support/locales';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/rendezvous-shots';
/** A demo member of the seed no other journey logs in as. */
const MEMBER = { email: 'demo9@rendezvous.example', password: DEMO_PASSWORD };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * How many lines each element's text takes: its content box's height over its line height.
 * Every element of the top bar and the tab bar must stay on one line.
 */
async function wrappedElements(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null && element.textContent?.trim())
      .map((element) => {
        const style = getComputedStyle(element);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const height =
          element.getBoundingClientRect().height -
          parseFloat(style.paddingBlockStart) -
          parseFloat(style.paddingBlockEnd) -
          parseFloat(style.borderTopWidth) -
          parseFloat(style.borderBottomWidth);
        return { text: element.textContent!.trim(), lines: height / lineHeight };
      })
      .filter((entry) => entry.lines > 1.5)
      .map((entry) => `${entry.text} (${entry.lines.toFixed(1)} lines)`),
  );
}

const BAR_TEXTS = '.app-navbar .navbar-brand, .app-navbar .nav-link, .app-navbar .btn, .tab-bar__label';

async function expectNoWrapOrOverflow(page: Page) {
  expect(await wrappedElements(page, BAR_TEXTS), `wrapped in the bars on ${page.url()}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `page wider than the window on ${page.url()}`).toBe(true);
}

const tabBar = (page: Page) => page.getByTestId('tab-bar');
const activeTab = (page: Page) => tabBar(page).locator('[aria-current="page"]').getAttribute('data-section');

describe('the app shell on phones and on desktop', () => {
  it('keeps a visitor’s top bar on one line at 360 px', async () => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 360, height: 740 } });
    const page = await openPage(context);
    for (const path of ['/', '/pricing', '/login']) {
      await page.goto(`${baseUrl()}${path}`);
      await expectNoWrapOrOverflow(page);
    }
    expect(await tabBar(page).count()).toBe(0);
    expectNoConsoleErrors(page);
    await context.close();
  });

  it('gives a member the tab bar on a phone, the top navigation on desktop, toasts, an empty search that widens, and a 404 inside the layout', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await openPage(context);
    await logIn(page, MEMBER);
    await page.waitForURL('**/members');
    await page.locator('.profile-card').first().waitFor();

    // Phone: tab bar with Search active, the top navigation's links out of the way, nothing wraps.
    await tabBar(page).waitFor();
    expect(await activeTab(page)).toBe('search');
    expect(
      await page
        .getByRole('navigation', { name: t('nav.main') })
        .getByRole('link', { name: t('nav.search'), exact: true })
        .isVisible(),
    ).toBe(false);
    await expectNoWrapOrOverflow(page);
    await page.screenshot({ path: `${SHOTS}/shell-search-390.png` });
    await expectAccessible(page);

    // The filters fold into one line over the results; opened, they search and fold again.
    const filters = page.getByRole('form', { name: t('search.filters') });
    const toggle = page.getByTestId('search-filters-toggle');
    expect([await filters.isVisible(), await toggle.getAttribute('aria-expanded')]).toEqual([false, 'false']);
    await toggle.click();
    await filters.getByLabel(t('search.min_age')).selectOption('30');
    await filters.getByRole('button', { name: t('search.submit') }).click();
    await page.waitForURL((url) => url.searchParams.get('min_age') === '30');
    // The address changes before React commits the navigation's render (a transition): the
    // folded line says what is filtered once that render is in.
    await expect.poll(() => toggle.textContent()).toContain('30–');
    expect(await filters.isVisible()).toBe(false);

    // A profile stays under Search; a first message to the member is Messages, full screen.
    const href = (await page.locator('.profile-card').first().getByRole('link').first().getAttribute('href'))!;
    const id = /\/members\/(\d+)/.exec(href)![1];
    await page.goto(`${baseUrl()}/members/${id}`);
    expect(await activeTab(page)).toBe('search');
    await page.goto(`${baseUrl()}/members/${id}/chat`);
    // With a conversation already there, the address leads to it: a chat screen either way.
    const back = page.url().includes('/chats/') ? t('chat.back') : undefined;
    await page
      .getByRole('link', { name: back ?? /profile/i })
      .first()
      .waitFor();
    expect(await tabBar(page).count()).toBe(0);
    expect(await page.locator('header.app-header').isVisible()).toBe(false);
    await page.goto(`${baseUrl()}/chats`);
    expect(await activeTab(page)).toBe('messages');

    // A setting saved: a toast says so, above the tab bar, without motion.
    await page.goto(`${baseUrl()}/notifications`);
    const notifications = page.getByRole('region', { name: t('settings.notifications_title') });
    await notifications.getByRole('switch', { name: t('settings.notification_types.news') }).click();
    const toast = page.getByTestId('toast').filter({ hasText: t('shell.saved') });
    await toast.waitFor();
    const [toastBox, barBox] = [await toast.boundingBox(), await tabBar(page).boundingBox()];
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(barBox!.y);
    expect(await toast.evaluate((element) => parseFloat(getComputedStyle(element).animationDuration))).toBeLessThan(0.001);
    expect(await activeTab(page)).toBe('profile');
    await page.screenshot({ path: `${SHOTS}/shell-toast-390.png` });

    // No one matches: the page says so and offers a wider search, which finds members.
    await page.goto(`${baseUrl()}/members?gender=any&min_age=99&max_age=99`);
    const empty = page.getByTestId('empty-search');
    await empty.getByRole('heading', { name: t('shell.empty_search_title') }).waitFor();
    await page.screenshot({ path: `${SHOTS}/shell-empty-search-390.png` });
    await empty.getByRole('button', { name: t('shell.widen_search') }).click();
    await page.waitForURL((url) => !url.search.includes('min_age'));
    await page.locator('.profile-card').first().waitFor();
    expect(await empty.count()).toBe(0);

    // Prices and transactions: tables become cards, the page no wider than the phone.
    for (const path of ['/pricing', '/transactions']) {
      await page.goto(`${baseUrl()}${path}`);
      await expectNoWrapOrOverflow(page);
    }

    // An unknown address: the 404 inside the site's layout, in the member's language.
    const missing = await page.goto(`${baseUrl()}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await page.getByText(t('error_page.not_found')).waitFor();
    await page.getByRole('link', { name: t('error_page.home') }).waitFor();
    expect(await tabBar(page).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/shell-404-390.png`, fullPage: true });
    await expectAccessible(page);

    // Desktop: the top navigation with the section marked, no tab bar.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl()}/members/${id}/chat`);
    const nav = page.getByRole('navigation', { name: t('nav.main') });
    await nav.waitFor();
    expect(await tabBar(page).isVisible()).toBe(false);
    expect(await nav.locator('[aria-current="page"]').textContent()).toContain(t('nav.messages'));
    await page.goto(`${baseUrl()}/no-such-page`);
    expect(await nav.isVisible()).toBe(true);
    await page.getByText(t('error_page.not_found')).waitFor();
    await page.goto(`${baseUrl()}/members`);
    expect(await nav.getByRole('link', { name: t('nav.search'), exact: true }).getAttribute('aria-current')).toBe('page');
    await expectNoWrapOrOverflow(page);
    await page.screenshot({ path: `${SHOTS}/shell-search-1280.png` });
    expectNoConsoleErrors(page, [`${baseUrl()}/no-such-page`]);
    await context.close();
  });
});

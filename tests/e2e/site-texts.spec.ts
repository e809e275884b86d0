import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLIRTZONE_TEXTS, RENDEZVOUS_TEXTS } from '../../server/seed/demo-site-texts';
import { buildDemoSites } from '../../server/seed/demo-sites';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const [rendezvous, flirtzone] = buildDemoSites('localhost');
/** The demo's German niche site: *.localhost is this machine, on the test server's port. */
const flirtzoneUrl = () => baseUrl().replace('//localhost', '//flirt.localhost');

/** Opens a site's home page as a visitor whose browser prefers `locale`. */
async function openHome(url: string, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await openPage(context);
  await page.goto(url);
  return { page, close: () => context.close() };
}

/** The operator's texts as the home page shows them: headline, subtitle and the ★ disclaimer in the footer. */
async function shownTexts(page: Awaited<ReturnType<typeof openHome>>['page']) {
  return {
    index_title: (await page.getByRole('heading', { level: 1 }).textContent())?.trim(),
    description: (await page.locator('.hero .lead').textContent())?.trim(),
    disclaimer: await page.getByRole('contentinfo').getByText('★').textContent(),
  };
}

describe('the operator’s texts speak the page’s language', () => {
  it('shows Rendezvous’s headline, subtitle and ★ disclaimer in German and in Dutch', async () => {
    for (const [language, locale] of [
      ['de', 'de-DE'],
      ['nl', 'nl-NL'],
      ['en', 'en-US'],
    ] as const) {
      const { page, close } = await openHome(baseUrl(), locale);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      const texts =
        language === 'en'
          ? { index_title: rendezvous.indexTitle, description: rendezvous.description, fictional_warning: rendezvous.fictionalWarning }
          : RENDEZVOUS_TEXTS[language];
      expect(await shownTexts(page)).toEqual({ index_title: texts.index_title, description: texts.description, disclaimer: texts.fictional_warning });
      expect(await page.title()).toBe(texts.index_title);
      await expectAccessible(page);
      expectNoConsoleErrors(page);
      await close();
    }
  });

  it('shows Flirtzone in English with its English texts, with no German text of the site in the page', async () => {
    const { page, close } = await openHome(flirtzoneUrl(), 'en-US');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await shownTexts(page)).toEqual({
      index_title: FLIRTZONE_TEXTS.en.index_title,
      description: FLIRTZONE_TEXTS.en.description,
      disclaimer: FLIRTZONE_TEXTS.en.fictional_warning,
    });
    const body = await page.locator('body').innerText();
    for (const german of [flirtzone.indexTitle, flirtzone.description, flirtzone.fictionalWarning]) expect(body).not.toContain(german);
    await expectAccessible(page);

    // Switching to German in the page brings the site's German texts, all of them.
    await page.getByRole('button', { name: text('en', 'nav.language') }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.locator('html[lang="de"]').waitFor();
    await expect
      .poll(() => shownTexts(page), { timeout: 5_000 })
      .toEqual({ index_title: flirtzone.indexTitle, description: flirtzone.description, disclaimer: flirtzone.fictionalWarning });
    await expectAccessible(page);
    expectNoConsoleErrors(page);
    await close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Issue 20: the page's texts are a content-hashed file, not part of its HTML. The page must
 * still read translated from its first paint through hydration — never a key, never another
 * language — and a language switch must bring the other language's file.
 */
describe('the translations as files', () => {
  it('renders German from the first paint to hydration, then switches to English in place', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const germanCta = text('de', 'landing.cta_signup');
    const englishCta = text('en', 'landing.cta_signup');
    // Every change to the page before and during hydration is checked: the sign-up link must
    // never show its key or the English words while the page is German.
    await context.addInitScript(
      ([key, english]) => {
        const seen: string[] = [];
        (window as unknown as { seenTexts: string[] }).seenTexts = seen;
        new MutationObserver(() => {
          const body = document.body?.innerText ?? '';
          if (body.includes(key!)) seen.push('key');
          if (body.includes(english!)) seen.push('english');
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      ['landing.cta_signup', englishCta],
    );
    const page = await openPage(context);
    const catalogues: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/locales/')) catalogues.push(new URL(request.url()).pathname);
    });

    const landing = await page.goto(baseUrl());
    const html = await landing!.text();
    expect(html).toContain(germanCta);
    // The HTML names the German file and carries none of the catalogue (a text the page does not show).
    expect(html).toMatch(/<link rel="preload" as="fetch" href="\/locales\/common\/de\.[\w-]+\.json" crossorigin="anonymous"/);
    expect(html).not.toContain(text('de', 'lang_config.title'));
    await page.getByRole('link', { name: germanCta }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts)).toEqual([]);
    expect(catalogues.filter((path) => path.startsWith('/locales/common/de.'))).toHaveLength(1);

    await page.getByRole('button', { name: text('de', 'nav.language') }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('link', { name: englishCta }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(catalogues.some((path) => /^\/locales\/common\/en\.[\w-]+\.json$/.test(path))).toBe(true);
    expect(await page.getByText(germanCta).count()).toBe(0);
    expectNoConsoleErrors(page);
    await context.close();
  });
});

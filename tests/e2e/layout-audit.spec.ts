import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import {
  AUDIT_HEIGHT,
  AUDIT_WIDTHS,
  findAxeViolations,
  findLayoutFaults,
  findUnstyledClasses,
  hasAxe,
  injectAxe,
  navigateInApp,
  settle,
} from './support/layout-audit';
import { flirtzoneOrigin, pathOf, prepareFlirtzoneWalk, prepareRouteWalk, ROUTES, type RouteWalk } from './support/routes';

/**
 * Issue 19: every route of spec §2, for a visitor and for a signed-in member of both demo brands,
 * fits a 360, 390, 768 and 1280 px wide screen (no sideways scrolling, navigation bars on one line)
 * and passes axe-core's WCAG 2.1 A/AA rules. Every Bootstrap class a page uses still has its rules in
 * the built stylesheet, which keeps only the classes the source names (scripts/vite/unused-css.ts).
 *
 * One tab per brand and audience walks all routes at once, moving from route to route inside the
 * app as a member does (the server renders each route's data, the page keeps its scripts and axe),
 * and each route is resized from phone to laptop width in place, the layout being CSS. A route
 * that ends where an earlier one did (a visitor sent to the log-in page) is audited once. A
 * retried route is audited alone, on a page loaded from scratch.
 *
 * `npm run test:layout` runs that whole matrix. Every `npm test` runs a slice of it: every route
 * for both audiences still (a walk's time is mostly its navigations, whatever its widths), the
 * main brand at the phone and laptop widths, the second brand (its theme's colours,
 * German's long words) at the phone width only. 360 and 768 px share the markup and most of the
 * CSS of their neighbours; the full matrix catches what falls between.
 */

const FULL_MATRIX = inject('fullLayoutAudit') === true;

/**
 * Widths where axe runs as well: every width in the full matrix; in every `npm test`, a phone and
 * a laptop (the layouts in between share their markup).
 */
const AXE_WIDTHS: readonly number[] = FULL_MATRIX ? AUDIT_WIDTHS : [390, 1280];
/** Loaded at the width most members use, then resized. */
const FIRST_WIDTH = 390;

const BRANDS = [
  { name: 'Rendezvous', origin: () => baseUrl(), locale: 'en-US', widths: FULL_MATRIX ? AUDIT_WIDTHS : [390, 1280] },
  // German: the longer words are the ones that break a bar.
  { name: 'Flirtzone', origin: () => flirtzoneOrigin(baseUrl()), locale: 'de-DE', widths: FULL_MATRIX ? AUDIT_WIDTHS : [390] },
] as const;
type Brand = (typeof BRANDS)[number];

interface Audit {
  url: string;
  faults: string[];
}

let browser: Browser;
const walks = new Map<Brand['name'], RouteWalk>();
const contexts = new Map<string, BrowserContext>();
/** Each route's audit from the walk, taken by its test (a retry audits the route alone). */
const walked = new Map<string, Promise<Audit>>();
const keyOf = (brand: Brand, member: boolean, template: string) => `${brand.name} ${member ? 'member' : 'visitor'} ${template}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const [rendezvous, flirtzone] = await Promise.all([prepareRouteWalk(baseUrl()), prepareFlirtzoneWalk(baseUrl(), inject('outboxPath'))]);
  walks.set('Rendezvous', rendezvous).set('Flirtzone', flirtzone);
  for (const brand of BRANDS) {
    for (const member of [false, true]) {
      const context = await browser.newContext({ locale: brand.locale, viewport: { width: FIRST_WIDTH, height: AUDIT_HEIGHT } });
      if (member) {
        const [name, value] = walks.get(brand.name)!.memberCookie.split('=');
        await context.addCookies([{ name, value, domain: new URL(brand.origin()).hostname, path: '/' }]);
      }
      contexts.set(`${brand.name} ${member}`, context);
      // Not awaited: the four walks run side by side while the tests take their results in turn.
      walkRoutes(brand, member);
    }
  }
}, 120_000);
afterAll(() => browser?.close());

/** Every fault of the page at each of the brand's widths, each line naming the width. */
async function auditWidths(page: Page, brand: Brand): Promise<string[]> {
  // The markup is the same at every width: its classes are checked against the stylesheet once.
  const faults: string[] = await findUnstyledClasses(page);
  const widths: readonly number[] = brand.widths;
  for (const width of [FIRST_WIDTH, ...widths.filter((other) => other !== FIRST_WIDTH)]) {
    if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height: AUDIT_HEIGHT });
    await settle(page);
    const found = [...(await findLayoutFaults(page)), ...(AXE_WIDTHS.includes(width) ? await findAxeViolations(page) : [])];
    faults.push(...found.map((fault) => `${width}px: ${fault}`));
  }
  return faults;
}

/** Loads a route from scratch (a full page load) with axe on it. */
async function load(page: Page, url: string) {
  await page.setViewportSize({ width: FIRST_WIDTH, height: AUDIT_HEIGHT });
  await page.goto(url, { waitUntil: 'load' });
  await injectAxe(page);
}

/** One tab walks every route of one brand and audience; each route's audit is ready for its test as soon as it is done. */
function walkRoutes(brand: Brand, member: boolean) {
  const settled = new Map<string, (audit: Audit) => void>();
  for (const template of ROUTES) walked.set(keyOf(brand, member, template), new Promise((resolve) => settled.set(template, resolve)));
  void (async () => {
    let page: Page | undefined;
    const auditedAt = new Map<string, string>();
    for (const template of ROUTES) {
      const path = pathOf(template, walks.get(brand.name)!.ids);
      try {
        if (!page) {
          page = await openPage(contexts.get(`${brand.name} ${member}`)!);
          await load(page, `${brand.origin()}${path}`);
        } else {
          await page.setViewportSize({ width: FIRST_WIDTH, height: AUDIT_HEIGHT });
          await navigateInApp(page, path);
          // A route that left the app (a full page load) has lost axe.
          if (!(await hasAxe(page))) await load(page, `${brand.origin()}${path}`);
        }
        const url = page.url();
        const earlier = auditedAt.get(url);
        auditedAt.set(url, earlier ?? template);
        settled.get(template)!({ url, faults: earlier ? [] : await auditWidths(page, brand) });
      } catch (error) {
        settled.get(template)!({ url: page?.url() ?? path, faults: [`could not be audited: ${(error as Error).message.split('\n')[0]}`] });
        // A fresh tab for the next route.
        await page?.close().catch(() => {});
        page = undefined;
      }
    }
    await page?.close();
  })();
}

/** A route alone, on a page loaded from scratch: the retry of a route that failed in the walk. */
async function auditAlone(brand: Brand, member: boolean, template: string): Promise<Audit> {
  const page = await openPage(contexts.get(`${brand.name} ${member}`)!);
  try {
    await load(page, `${brand.origin()}${pathOf(template, walks.get(brand.name)!.ids)}`);
    return { url: page.url(), faults: await auditWidths(page, brand) };
  } finally {
    await page.close();
  }
}

for (const brand of BRANDS) {
  for (const member of [false, true]) {
    describe(`${brand.name}, ${member ? 'a signed-in member' : 'a visitor'}`, () => {
      it.for(ROUTES)(`%s fits ${brand.widths.join(', ')} px and passes axe (WCAG 2.1 AA)`, async (template, { expect }) => {
        const key = keyOf(brand, member, template);
        const fromWalk = walked.get(key);
        walked.delete(key);
        const { url, faults } = await (fromWalk ?? auditAlone(brand, member, template));
        expect(faults, `${key} (at ${url})`).toEqual([]);
      });
    });
  }
}

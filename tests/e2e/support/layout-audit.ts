import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterEffects } from './browser';

/**
 * What a member sees on any screen, checked in the page itself: the page never scrolls sideways,
 * the navigation bars never wrap, and axe-core finds no WCAG 2.1 A/AA violation (issue 19).
 */

/** The phone, the big phone, the tablet and the laptop of issue 19. */
export const AUDIT_WIDTHS = [360, 390, 768, 1280] as const;
export const AUDIT_HEIGHT = 800;

/** WCAG 2.1 levels A and AA, as axe-core tags its rules. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Best-practice rules Lighthouse's accessibility score also counts, checked with the WCAG ones:
 * headings that skip a level (an h3 card right under the page's h1) cost a page its 100.
 */
const BEST_PRACTICE_RULES = ['heading-order'];

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Loads axe-core into the page. Through the DevTools protocol, not a script tag: the page's
 * nonce-based CSP would refuse an inline script, and the audit must see the page as it is served.
 */
export async function injectAxe(page: Page) {
  await page.evaluate(axeSource);
}

/** Whether axe-core is still in the page (a full page load loses it). */
export function hasAxe(page: Page): Promise<boolean> {
  return page.evaluate(() => 'axe' in window).catch(() => false);
}

/**
 * Moves to another route inside the app, as a link does: React Router loads the route's data from
 * the server (redirects included) and renders it, while the page keeps its scripts and axe. A
 * route that leaves the app (a full page load) is waited for until it has hydrated.
 */
export async function navigateInApp(page: Page, path: string) {
  try {
    await page.evaluate(async (to) => {
      const router = (window as unknown as { __reactRouterDataRouter?: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter;
      if (!router) throw new Error('no React Router in the page');
      await router.navigate(to);
    }, path);
  } catch (error) {
    if (!/context was destroyed|navigation/i.test((error as Error).message)) throw error;
  }
  await page.waitForLoadState('load');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/**
 * Waits until layout settles: finite animations and transitions have ended (a modal fading in
 * has half-transparent text that axe would measure mid-fade; spinners run forever) and two frames
 * have been drawn since the last resize.
 */
export async function settle(page: Page) {
  // Animations longer than a few seconds (a lander's slow cross-fades) are scenery, like spinners.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState !== 'running' || timing?.iterations === Infinity || Number(timing?.endTime ?? 0) > 3_000;
    }),
  );
  await afterEffects(page);
}

/** axe-core's WCAG 2.1 AA violations and skipped heading levels on the page as it is now, one line each: rule, impact, first targets. */
export async function findAxeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(
    async ([tags, rules]) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: { id: string; impact?: string; help: string; nodes: { target: unknown[] }[] }[] }>;
          };
        }
      ).axe;
      const wcag = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      const bestPractice = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
      return [...wcag.violations, ...bestPractice.violations].map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    [WCAG_21_AA, BEST_PRACTICE_RULES] as const,
  );
  return violations.map(
    ({ id, impact, help, targets }) =>
      `axe ${id} (${impact}: ${help}) on ${targets.length} node(s): ${targets.slice(0, 4).join(' | ')}${targets.length > 4 ? ' …' : ''}`,
  );
}

/**
 * Layout faults at the current width: the document wider than the window (naming the elements
 * that stick out furthest), and any `[data-nowrap-check]` bar whose items fall onto a second row
 * or whose texts break onto a second line.
 */
export function findLayoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const testId = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${id}${classes}${testId ? `[data-testid=${testId}]` : ''}`;
    };
    const path = (element: Element) => {
      const names: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && names.length < 4; node = node.parentElement) names.unshift(describe(node));
      return names.join(' > ');
    };
    const isShown = (element: Element) =>
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden' &&
      !element.closest('.visually-hidden, .visually-hidden-focusable:not(:focus)');

    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      // The deepest elements reaching past the right edge (or the left one, in a right-to-left mistake).
      const out = [...document.body.querySelectorAll('*')].filter((element) => {
        if (!isShown(element)) return false;
        const box = element.getBoundingClientRect();
        return (
          (box.right > width + 0.5 || box.left < -0.5) &&
          ![...element.children].some((child) => {
            const inner = child.getBoundingClientRect();
            return inner.right > width + 0.5 || inner.left < -0.5;
          })
        );
      });
      const widest = out.sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right).slice(0, 3);
      faults.push(
        `scrolls sideways: ${scrollWidth}px of content in ${width}px; sticking out: ${widest.map((element) => `${path(element)} (to ${Math.round(element.getBoundingClientRect().right)}px)`).join(' | ') || 'nothing shown'}`,
      );
    }

    for (const bar of document.querySelectorAll('[data-nowrap-check]')) {
      if (!isShown(bar)) continue;
      const name = bar.getAttribute('data-nowrap-check') || describe(bar);
      // The bar's items: its controls, not counting those inside another control or a menu that opens.
      const controls = [...bar.querySelectorAll('a, button, select, input, [role="button"], [role="tab"]')];
      const items = controls.filter(
        (control) => isShown(control) && !control.closest('.dropdown-menu') && !controls.some((other) => other !== control && other.contains(control)),
      );
      const boxes = items.map((item) => item.getBoundingClientRect());
      if (boxes.length > 1 && Math.max(...boxes.map((box) => box.top)) >= Math.min(...boxes.map((box) => box.bottom)) - 1) {
        const rows = [...new Set(boxes.map((box) => Math.round(box.top)))].length;
        faults.push(
          `${name} wraps: its items stand on ${rows} rows (${items.map((item) => `"${(item.textContent ?? '').trim().slice(0, 20) || describe(item)}"@${Math.round(item.getBoundingClientRect().top)}`).join(', ')})`,
        );
      }
      const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (!text || !node.parentElement || !isShown(node.parentElement) || node.parentElement.closest('.dropdown-menu')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (lines.length > 1 && Math.max(...lines.map((rect) => rect.top)) >= Math.min(...lines.map((rect) => rect.bottom)) - 1) {
          faults.push(`${name} wraps: "${text.slice(0, 40)}" breaks onto ${lines.length} lines in ${path(node.parentElement)}`);
        }
      }
    }
    return faults;
  });
}

/** Every class Bootstrap 5.3's full stylesheet styles: what the build's pruned stylesheet may have dropped. */
const bootstrapClasses = [
  ...new Set(fs.readFileSync(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.css'), 'utf8').match(/(?<=\.)-?[a-z][\w-]*/g) ?? []),
];

/**
 * Classes on the page that Bootstrap styles but no rule of the page's stylesheets names: the build
 * dropped rules a page needs (scripts/vite/unused-css.ts keeps a class only when the source names
 * it, so a name put together at run time needs its family listed there).
 */
export function findUnstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate((styled) => {
    const named = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const name of rule.selectorText.match(/(?<=\.)-?[a-zA-Z][\w-]*/g) ?? []) named.add(name);
        if ('cssRules' in rule && rule.cssRules) collect(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const bootstrap = new Set(styled);
    const missing = new Map<string, Element>();
    for (const element of document.querySelectorAll('[class]')) {
      for (const name of element.classList) if (bootstrap.has(name) && !named.has(name) && !missing.has(name)) missing.set(name, element);
    }
    return [...missing].map(
      ([name, element]) => `class .${name} has no rule in the built stylesheet (on <${element.tagName.toLowerCase()} class="${element.className}">)`,
    );
  }, bootstrapClasses);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The layout audit's whole matrix (`npm run test:layout`) rather than the slice every run takes. */
    fullLayoutAudit: boolean;
  }
}

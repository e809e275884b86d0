import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CONSENT_COOKIE, CONSENT_VERSION, serializeConsent } from '../../../contract/consent';

/**
 * Debian's headless shell (package chromium-headless-shell) where it is installed: the same
 * Blink as the browser without its window layers, it took half the browser's CPU per journey
 * (ADR 0072). Else the full browser, in headless mode. `CHROMIUM_PATH` chooses for both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
/** Flags for a sandboxed machine with no network beyond localhost. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');

let contexts = 0;

/**
 * Each browser context comes from its own client address, as real members do: the journeys
 * server trusts one proxy hop (TRUST_PROXY=1), and every context sends the address a proxy would
 * have appended. Per-address limits (sign-ups an hour, log-ins, lockouts) then count one journey's
 * member, not the whole suite, which all runs from 127.0.0.1.
 */
function nextClientAddress(): string {
  contexts += 1;
  return `10.${process.pid % 250}.${Math.floor(contexts / 250) % 250}.${(contexts % 250) + 1}`;
}

const clientAddresses = new WeakMap<BrowserContext, string>();

/** The client address a context's requests come from, for requests made beside its pages. */
export function clientAddressOf(context: BrowserContext): string {
  const address = clientAddresses.get(context);
  if (!address) throw new Error('a context not made by launchBrowser has no client address of its own');
  return address;
}

/**
 * `fullBrowser`: the full Chromium even where the headless shell is installed, for journeys that
 * need what only it has — a granted notification permission (the shell answers "denied" whatever
 * the context grants), so web push can be switched on.
 */
export async function launchBrowser(options: { fullBrowser?: boolean } = {}): Promise<Browser> {
  const executablePath = options.fullBrowser ? FULL_BROWSER : CHROMIUM_PATH;
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install it (apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH.`);
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const headers = { 'x-forwarded-for': nextClientAddress(), ...options.extraHTTPHeaders };
    // The system's "reduce motion", unless a journey asks otherwise: nothing pulses or slides
    // (app/styles/_shell.scss), so a renderer idles between steps instead of painting an online
    // dot's pulse 60 times a second, and no step waits for a transition to end.
    const context = await newContext({ reducedMotion: 'reduce', ...options, extraHTTPHeaders: headers });
    clientAddresses.set(context, headers['x-forwarded-for']);
    await context.addCookies(ANSWERED_CONSENT);
    return context;
  };
  return browser;
}

/**
 * Journeys start as visitors who have answered the cookie question (necessary cookies only), so
 * the cookie banner, fixed at the bottom, does not cover what they test; the consent journey
 * clears this cookie to meet the banner (`askCookieConsent`).
 */
const ANSWERED_CONSENT = ['localhost', 'flirt.localhost'].map((domain) => ({
  name: CONSENT_COOKIE,
  value: serializeConsent({ statistics: false, marketing: false, at: 1_764_000_000, version: CONSENT_VERSION }),
  domain,
  path: '/',
}));

/** A context whose visitor has not answered the cookie question yet: the banner shows. */
export async function askCookieConsent(context: BrowserContext) {
  await context.clearCookies({ name: CONSENT_COOKIE });
}

/**
 * Resolves once React has run the effects of what it last committed: passive effects are flushed
 * before the next frame is drawn, so after two frames any effect of the last click has run. For
 * asserting that something did not happen, without waiting a fixed time.
 */
export async function afterEffects(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * A page whose console errors and uncaught exceptions fail the journey: collect them here and
 * assert with `expectNoConsoleErrors` at the end of each test.
 */
/**
 * Waits until React has hydrated the page, so clicks reach the app, not bare HTML. For a document
 * the app loads itself (a log-out loads the home page anew); `goto` and `reload` already wait.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
}

export async function openPage(context: BrowserContext): Promise<Page & { consoleErrors: string[] }> {
  const page = (await context.newPage()) as Page & { consoleErrors: string[] };
  // Every navigation waits until React has hydrated, so clicks reach the app, not bare HTML.
  const hydrated = () => waitForHydration(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
  page.consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') page.consoleErrors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => page.consoleErrors.push(error.message));
  return page;
}

/** `expectedStatusUrls`: pages the journey opened on purpose that answer 404 (the browser logs those). */
export function expectNoConsoleErrors(page: { consoleErrors: string[] }, expectedStatusUrls: string[] = []) {
  const unexpected = page.consoleErrors.filter(
    (entry) => !expectedStatusUrls.some((url) => entry.startsWith('Failed to load resource') && entry.endsWith(` @ ${url}`)),
  );
  expect(unexpected, 'browser console errors').toEqual([]);
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // A dialog still fading in has half-transparent text, and axe would measure its contrast
  // mid-fade: wait for finite animations and transitions to end (spinners run forever).
  // Two frames first: a dialog that has just been asked to open starts its fade only on a
  // following frame, and until then there is no running transition to wait for.
  // The pointer goes to the corner first: left where the last click was, it can sit over a
  // control that slid under it (a dialog slides down as it opens), and Chromium starts and ends
  // that control's hover colour transition whenever it next updates hover, possibly while axe
  // reads the colours. The page is measured at rest, as a member first sees it.
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(severe, `accessibility violations on ${page.url()}`).toEqual([]);
}

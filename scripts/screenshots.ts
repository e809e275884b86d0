// `npm run screenshots`: pictures of both demo brands on a phone and a laptop, and of a signed-in
// member's search, profile and chat, for the README
// (docs/screenshots/*.png), so a change to the look is reviewed as pictures (issue 19).
//
// Builds the site and starts the production server on a scratch data directory with the demo
// seed, or uses a running one: SCREENSHOTS_URL=http://localhost:3000 (its demo brands must be on
// localhost and flirt.localhost). `--no-build` keeps the current build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CONSENT_COOKIE, CONSENT_VERSION, serializeConsent } from '../contract/consent';
import { DEMO_PASSWORD } from '../server/seed/demo-members';
import { startServerProcess, type ServerProcess } from '../tests/setup/server-process';

const OUT_DIR = 'docs/screenshots';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const PHONE = { device: 'phone', viewport: { width: 390, height: 844 }, mobile: true } as const;
const DESKTOP = { device: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false } as const;
const RENDEZVOUS = { brand: 'rendezvous', host: 'localhost', locale: 'en-US' } as const;
const FLIRTZONE = { brand: 'flirtzone', host: 'flirt.localhost', locale: 'de-DE' } as const;

/**
 * What a visitor sees first on both brands, then what a signed-in demo member sees on
 * Rendezvous: search, a profile and a conversation opened from it. `path` may be a function of the page,
 * for a place reached by following the first link of a list.
 */
interface Shot {
  name: string;
  site: typeof RENDEZVOUS | typeof FLIRTZONE;
  screen: typeof PHONE | typeof DESKTOP;
  path: string;
  member?: boolean;
  /** Follow the first link matching this selector before the picture (a profile from search). */
  follow?: string;
  /** Then press the button or link with this name (the profile's "Send a message"). */
  press?: RegExp;
}

const SHOTS: Shot[] = [
  ...[RENDEZVOUS, FLIRTZONE].flatMap((site) => [PHONE, DESKTOP].map((screen) => ({ name: `${site.brand}-${screen.device}`, site, screen, path: '/' }))),
  { name: 'member-search-phone', site: RENDEZVOUS, screen: PHONE, path: '/members', member: true },
  { name: 'member-search-desktop', site: RENDEZVOUS, screen: DESKTOP, path: '/members', member: true },
  { name: 'member-profile-phone', site: RENDEZVOUS, screen: PHONE, path: '/members', member: true, follow: 'main a[href^="/members/"]' },
  { name: 'member-chat-phone', site: RENDEZVOUS, screen: PHONE, path: '/members', member: true, follow: 'main a[href^="/members/"]', press: /^Send a message/ },
];

const DEMO_MEMBER_EMAIL = 'demo1@rendezvous.example';

async function startScratchServer(): Promise<{ origin: string; server: ServerProcess; dataDir: string }> {
  if (!process.argv.includes('--no-build') || !fs.existsSync('build/server/index.js')) {
    const build = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-screenshots-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_MEMBERS: '60', PAYMENTS: 'demo' }, { timeoutMs: 180_000 });
  // The demo brands are on localhost and flirt.localhost; the server listens on 127.0.0.1.
  return { origin: server.url.replace('127.0.0.1', 'localhost'), server, dataDir };
}

/** Signs the demo member in through the login form, as a member would. */
async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`, { waitUntil: 'load' });
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.locator('input[name="email"]').fill(DEMO_MEMBER_EMAIL);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL((address) => address.pathname !== '/login', { timeout: 30_000 });
}

const running = process.env.SCREENSHOTS_URL ? null : await startScratchServer();
const origin = process.env.SCREENSHOTS_URL ?? running!.origin;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars'] });
try {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const shot of SHOTS) {
    const { site, screen } = shot;
    const context = await browser.newContext({
      viewport: screen.viewport,
      isMobile: screen.mobile,
      hasTouch: screen.mobile,
      locale: site.locale,
      reducedMotion: 'reduce',
    });
    // A visitor who has answered the cookie question: the banner would cover the page.
    const consent = serializeConsent({ statistics: false, marketing: false, at: Math.floor(Date.now() / 1000), version: CONSENT_VERSION });
    await context.addCookies([{ name: CONSENT_COOKIE, value: consent, domain: site.host, path: '/' }]);
    const page = await context.newPage();
    const url = origin.replace('//localhost', `//${site.host}`);
    if (shot.member) await signIn(page, url);
    await page.goto(`${url}${shot.path}`, { waitUntil: 'load' });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    if (shot.follow) {
      await page.locator(shot.follow).first().click();
      await page.waitForURL((address) => address.pathname !== shot.path, { timeout: 30_000 });
    }
    if (shot.press) {
      const from = new URL(page.url()).pathname;
      await page
        .getByRole('link', { name: shot.press })
        .or(page.getByRole('button', { name: shot.press }))
        .first()
        .click();
      await page.waitForURL((address) => address.pathname !== from, { timeout: 30_000 });
      // A first message offers opening lines: take the first, so the picture shows it in the box.
      const icebreaker = page.getByRole('dialog');
      if (
        await icebreaker.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        await icebreaker.locator('.modal-body button').first().click();
      await page.locator('textarea').first().waitFor({ timeout: 30_000 });
    }
    // Every photo in view drawn before the picture is taken.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 30_000 }).catch(() => {});
    const file = path.join(OUT_DIR, `${shot.name}.png`);
    await page.screenshot({ path: file });
    console.log(`saved ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  if (running) {
    await running.server.stop('SIGTERM');
    fs.rmSync(running.dataDir, { recursive: true, force: true });
  }
}

// `npm run screenshots`: pictures of both demo brands on a phone and a laptop for the README
// (docs/screenshots/*.png), so a change to the look is reviewed as pictures (issue 19).
//
// Builds the site and starts the production server on a scratch data directory with the demo
// seed, or uses a running one: SCREENSHOTS_URL=http://localhost:3000 (its demo brands must be on
// localhost and flirt.localhost). `--no-build` keeps the current build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CONSENT_COOKIE, CONSENT_VERSION, serializeConsent } from '../contract/consent';
import { startServerProcess, type ServerProcess } from '../tests/setup/server-process';

const OUT_DIR = 'docs/screenshots';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SHOTS = [
  { brand: 'rendezvous', host: 'localhost', locale: 'en-US' },
  { brand: 'flirtzone', host: 'flirt.localhost', locale: 'de-DE' },
].flatMap((site) => [
  { ...site, device: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  { ...site, device: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false },
]);

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

const running = process.env.SCREENSHOTS_URL ? null : await startScratchServer();
const origin = process.env.SCREENSHOTS_URL ?? running!.origin;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars'] });
try {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: shot.viewport, isMobile: shot.mobile, hasTouch: shot.mobile, locale: shot.locale, reducedMotion: 'reduce' });
    // A visitor who has answered the cookie question: the banner would cover the page.
    const consent = serializeConsent({ statistics: false, marketing: false, at: Math.floor(Date.now() / 1000), version: CONSENT_VERSION });
    await context.addCookies([{ name: CONSENT_COOKIE, value: consent, domain: shot.host, path: '/' }]);
    const page = await context.newPage();
    const url = origin.replace('//localhost', `//${shot.host}`);
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    // Every photo in view drawn before the picture is taken.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 30_000 }).catch(() => {});
    const file = path.join(OUT_DIR, `${shot.brand}-${shot.device}.png`);
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

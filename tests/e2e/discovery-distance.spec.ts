import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLink, newMember, signUpByApi, type SignupProfile } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en as t } from './support/locales';

/**
 * Issue 35 in the browser (ADR 0067): a member sees the people nearest to them first, narrows to
 * a radius, reads distances in their own unit, and is shown only people who want someone like
 * them. The places are city centres, as members' profiles store them.
 */
const BERLIN = { country: 'DE', city: 'Berlin', latitude: 52.52, longitude: 13.405 };
const POTSDAM = { country: 'DE', city: 'Potsdam', latitude: 52.3906, longitude: 13.0645 }; // 27 km from Berlin
const HAMBURG = { country: 'DE', city: 'Hamburg', latitude: 53.5511, longitude: 9.9937 }; // 255 km
const NEW_YORK = { country: 'US', city: 'New York', latitude: 40.7128, longitude: -74.006 };
type Place = typeof BERLIN;

let browser: Browser;
const contexts: BrowserContext[] = [];

/**
 * A confirmed member at a place, made through the API as the profile page saves a place; the
 * context keeps their session. Confirming is one request: the page it leads to is not the journey.
 */
async function placedMember(place: Place, profile: SignupProfile & { sexuality?: 'hetero' | 'gay' }) {
  const context = await browser.newContext({ locale: 'en-US' });
  contexts.push(context);
  const member = newMember();
  await signUpByApi(context, member, { gender: profile.gender, seeking: profile.seeking, country: place.country });
  await context.request.get(await mailLink(context, member.email), { maxRedirects: 0 });
  const saved = await context.request.put(`${baseUrl()}/api/profile.php`, {
    headers: { accept: 'application/json', 'sec-fetch-site': 'same-origin' },
    data: { ...place, sexuality: profile.sexuality ?? null },
  });
  if (!saved.ok()) throw new Error(`saving the place of ${member.email} answered ${saved.status()}: ${await saved.text()}`);
  return { context, name: member.name };
}

const straightMan = (place: Place) => placedMember(place, { gender: 'male', seeking: 'female', sexuality: 'hetero' });
const womanSeekingMen = (place: Place) => placedMember(place, { gender: 'female', seeking: 'male' });

let viewer: BrowserContext;
let american: BrowserContext;
let berlin: string[];
let outside25km: string[];
let womanSeekingWomen: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const people = await Promise.all([
    straightMan(BERLIN),
    womanSeekingMen(BERLIN),
    womanSeekingMen(BERLIN),
    womanSeekingMen(POTSDAM),
    womanSeekingMen(HAMBURG),
    placedMember(BERLIN, { gender: 'female', seeking: 'female', sexuality: 'gay' }),
    straightMan(NEW_YORK),
  ]);
  viewer = people[0].context;
  berlin = [people[1].name, people[2].name];
  outside25km = [people[3].name, people[4].name];
  womanSeekingWomen = people[5].name;
  american = people[6].context;
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** The names on the search's result cards ("Name, age"), not on the similar profiles offered below a short list. */
const resultNames = (page: Page) =>
  page.$$eval('.profile-card h3', (titles) =>
    titles.filter((title) => !title.closest('section[aria-labelledby="similar-title"]')).map((title) => (title.textContent ?? '').split(',')[0].trim()),
  );

/** The Berlin member's search at one width: Berlin first, then within 25 km only, and axe clean. */
async function searchesNearBerlin(width: number) {
  const page = await openPage(viewer);
  await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
  await page.goto(`${baseUrl()}/members`);
  // The two Berlin women who want men are the newest people at distance 0: the first two cards.
  await expect.poll(async () => (await resultNames(page)).slice(0, 2).sort()).toEqual([...berlin].sort());
  expect(await resultNames(page)).not.toContain(womanSeekingWomen);

  // On a phone the filters are folded into one line until opened.
  if (width < 768) await page.getByTestId('search-filters-toggle').click();
  const radius = page.getByLabel(t('search.distance'));
  await radius.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await radius.getAttribute('aria-valuetext')).toBe(t('search.within_km', { distance: 25 }));
  await page
    .getByTestId('radius-value')
    .getByText(t('search.within_km', { distance: 25 }))
    .waitFor();
  await page.getByRole('button', { name: t('search.submit'), exact: true }).click();
  await page.waitForURL(/[?&]radius=25\b/);
  // The folded filters' line says the radius too.
  if (width < 768)
    await page
      .getByTestId('search-filters-toggle')
      .getByText(t('search.within_km', { distance: 25 }), { exact: false })
      .waitFor();

  // Within 25 km: the Berlin women, nobody from Potsdam (27 km) or Hamburg, and the count says as many.
  // (The first screen's cards are replaced by the whole page after hydration: wait for the two to agree.)
  const count = page.getByRole('status').getByRole('heading', { level: 2 });
  await expect
    .poll(async () => {
      const names = await resultNames(page);
      return (await count.textContent()) === t('search.count', { shown: names.length }) && !names.includes(outside25km[0]) ? names : [];
    })
    .toEqual(expect.arrayContaining(berlin));
  const names = await resultNames(page);
  for (const name of outside25km) expect(names).not.toContain(name);
  const distances = await page
    .locator('.profile-card__place span')
    .evaluateAll((spans) => spans.filter((span) => !span.closest('section[aria-labelledby="similar-title"]')).map((span) => span.textContent ?? ''));
  expect(distances).toHaveLength(names.length);
  for (const distance of distances) expect(Number(/(\d+) km away/.exec(distance)?.[1])).toBeLessThanOrEqual(25);
  // Orientation holds both ways: she is in Berlin and a woman, but wants women; not even among the similar profiles.
  expect(await page.locator('.profile-card h3').allTextContents()).not.toContainEqual(expect.stringContaining(womanSeekingWomen));
  await expectAccessible(page);
  expectNoConsoleErrors(page);
  await page.close();
}

describe('members discover the people nearest to them (issue 35)', () => {
  it('on a phone, a straight man in Berlin sees Berlin women first, narrows to 25 km, never sees a woman seeking women', async () => {
    await searchesNearBerlin(390);
  });

  it('at 1280 px the same; a member in the United States reads distances in miles', async () => {
    await searchesNearBerlin(1280);

    const page = await openPage(american);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl()}/members`);
    // The nearest people first, and how far in miles.
    expect(await page.locator('.profile-card__place span').first().textContent()).toMatch(/ · [\d,]+ mi away$/);
    const radius = page.getByLabel(t('search.distance'));
    await radius.focus();
    await page.keyboard.press('Home');
    await page
      .getByTestId('radius-value')
      .getByText(t('search.within_mi', { distance: 5 }))
      .waitFor();
    // The same page as the Berlin member's at this width, measured by axe above: only its units differ.
    expectNoConsoleErrors(page);
    await page.close();
  });
});

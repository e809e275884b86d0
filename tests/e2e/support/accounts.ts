import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl, clientAddressOf, openPage } from './browser';
import { text } from './locales';

let counter = 0;

export interface E2eMember {
  email: string;
  password: string;
  name: string;
}

export function newMember(): E2eMember {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return { email: `journey${stamp}@example.com`, password: `secret words ${stamp}`, name: `Journey${stamp.slice(-6)}` };
}

/**
 * Walks through the five sign-up steps as a visitor does; `from` another sign-up page (a
 * profile's), `message` what the visitor writes to that profile on the last step, `inPlace` in
 * the sign-up the page shows already.
 */
export async function signUpThroughSteps(page: Page, member: E2eMember, options: { from?: string; message?: string; inPlace?: boolean } = {}) {
  const t = (key: string) => text('en', key);
  // In place: the steps are open already (the sign-up modal).
  if (!options.inPlace) await page.goto(`${baseUrl()}${options.from ?? '/signup'}`);
  await page.getByText(t('signup.gender.female'), { exact: true }).click();
  await page.getByText(t('signup.seeking.male'), { exact: true }).click();
  await page.getByRole('button', { name: t('signup.next') }).click();
  await page.getByLabel(t('signup.day')).selectOption('12');
  await page.getByLabel(t('signup.month')).selectOption('04');
  await page.getByLabel(t('signup.year')).selectOption('1990');
  await page.getByRole('button', { name: t('signup.next') }).click();
  await page.getByLabel(t('signup.country_label')).selectOption('NL');
  await page.getByRole('button', { name: t('signup.next') }).click();
  await page.getByLabel(t('signup.name_label')).fill(member.name);
  await page.getByRole('button', { name: t('signup.next') }).click();
  await page.getByLabel(t('signup.email_label')).fill(member.email);
  await page.getByLabel(t('signup.password_label')).fill(member.password);
  if (options.message) await page.locator('#signup-message').fill(options.message);
  await page.getByLabel(t('signup.accept_terms')).check();
  await page.getByRole('button', { name: t('signup.create_account') }).click();
  await page.getByTestId('signup-complete').waitFor();
}

/**
 * Opens the outbox page with the key the server printed at start (production shows it to
 * nobody else); the key is traded for a cookie, so later visits of the same browser need none.
 */
export async function openOutbox(page: Page) {
  await page.goto(`${baseUrl()}${inject('outboxPath')}`);
  await page.getByRole('heading', { name: 'Outbox' }).waitFor();
}

/** Opens the outbox and follows the link of the newest mail to an address. */
export async function followMailLink(page: Page, to: string) {
  await openOutbox(page);
  const entry = page.getByTestId('outbox-entry').filter({ hasText: to }).first();
  await entry.getByRole('link').first().click();
}

/**
 * The newest six-digit code texted to a mobile number, read from the outbox in a second tab of
 * the same browser, so the page under test keeps its state.
 */
export async function readSmsCode(page: Page, mobile: string): Promise<string> {
  const outbox = await openPage(page.context());
  await openOutbox(outbox);
  const text = (await outbox.getByTestId('outbox-entry').filter({ hasText: mobile }).first().locator('pre').textContent()) ?? '';
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no SMS code to ${mobile} in the outbox: ${text}`);
  return code;
}

export async function logIn(page: Page, member: Pick<E2eMember, 'email' | 'password'>, language = 'en', origin = baseUrl()) {
  await page.goto(`${origin}/login`);
  await page.getByLabel(text(language, 'login.email')).fill(member.email);
  await page.getByLabel(text(language, 'login.password'), { exact: true }).fill(member.password);
  await page.getByRole('button', { name: text(language, 'login.submit') }).click();
}

/** Who a member signed up through the API is: a woman seeking men in the Netherlands unless a journey says otherwise. */
export interface SignupProfile {
  gender?: 'female' | 'male';
  seeking?: 'female' | 'male' | 'both';
  country?: string;
}

/**
 * Signs a member up with one request to the sign-up API, the one the last sign-up step sends,
 * from the context's own address; the context keeps the session cookie. For journeys that are not
 * about signing up: the steps themselves are walked in accounts.spec.ts and signup-target.spec.ts.
 */
export async function signUpByApi(context: BrowserContext, member: E2eMember, profile: SignupProfile = {}): Promise<number> {
  const response = await context.request.post(`${baseUrl()}/api/signup.php`, {
    headers: { accept: 'application/json', 'accept-language': 'en-US,en;q=0.9', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': clientAddressOf(context) },
    data: {
      email: member.email,
      password: member.password,
      name: member.name,
      date_of_birth: '1990-04-12',
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      ...profile,
      accept_terms: true,
    },
  });
  if (response.status() !== 201) throw new Error(`sign-up of ${member.email} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { user: { id: number } }).user.id;
}

/**
 * The first link of the newest mail to an address, read from the outbox's page as plain HTML
 * (no browser page to render and hydrate). A mail can be sent moments after the request that
 * caused it, so this asks again until it is there.
 */
export async function mailLink(context: BrowserContext, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const html = await (await context.request.get(`${baseUrl()}${inject('outboxPath')}`)).text();
    const entry = html
      .split('data-testid="outbox-entry"')
      .slice(1)
      .find((chunk) => chunk.slice(0, chunk.indexOf('<pre')).includes(to));
    const href = entry && /<a href="([^"]+)"/.exec(entry)?.[1];
    if (href) return href.replaceAll('&amp;', '&');
    if (Date.now() > deadline) throw new Error(`no mail with a link to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A member signed up through the API and confirmed by following the mailed link, in a browser
 * of their own; the page is left on the confirmation's outcome page.
 */
export async function confirmedMember(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await openPage(context);
  const member = newMember();
  await signUpByApi(context, member);
  await page.goto(await mailLink(context, member.email));
  await page.waitForURL('**/activate/done');
  return { context, page, member };
}

/** A confirmed member with one photo, logged in on their own page. */
export async function confirmedMemberWithPhoto(
  browser: Browser,
): Promise<{ page: Page & { consoleErrors: string[] }; member: E2eMember; id: number; close: () => Promise<void> }> {
  const { context, page, member } = await confirmedMember(browser);
  await page.goto(`${baseUrl()}/profile`);
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#971f50' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByTestId('own-photo').first().waitFor();
  const id = Number(await page.evaluate(async () => (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()).user.id));
  return { page, member, id, close: () => context.close() };
}

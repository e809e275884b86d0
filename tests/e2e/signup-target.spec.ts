import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followMailLink, logIn, newMember, signUpThroughSteps } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { api, DEMO_PASSWORD, logInByHttp } from './support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const clientAddress = `10.253.${process.pid % 250}.9`;

/** A demo member who is a real person (not a fictional profile), to be written to and to log in as. */
async function findRealDemoMember() {
  for (let no = 40; no <= 60; no++) {
    const email = `demo${no}@rendezvous.example`;
    const { id, cookie } = await logInByHttp(email, `10.253.${process.pid % 250}.${no}`);
    const card = await api<{ name: string; is_fictional: boolean }>(`/api/members.php?id=${id}`, { clientAddress, cookie });
    if (!card.is_fictional) return { id, email, name: card.name };
  }
  throw new Error('no real demo member among demo40–demo60');
}

describe('signing up from a profile with a first message', () => {
  it('reaches that member as a chat message once the address is confirmed, and never as the new member’s profile text', async () => {
    const target = await findRealDemoMember();
    const context = await browser.newContext({ locale: 'en-US' });
    const visitorPage = await openPage(context);
    const visitor = newMember();
    // Letters only: a run of digits would read as a phone number, and the safety check would ask first.
    const message = `Your profile made me sign up – ${String(Date.now()).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;

    await signUpThroughSteps(visitorPage, visitor, { from: `/members/${target.id}/signup`, message });
    await expectAccessible(visitorPage);
    await followMailLink(visitorPage, visitor.email);
    await visitorPage.waitForURL('**/activate/done');

    expectNoConsoleErrors(visitorPage);
    // The member it was written to logs in, in the same browser once the visitor's tab and
    // session are gone (an open tab of the visitor would go on asking with no session).
    await visitorPage.close();
    await context.clearCookies();
    const page = await openPage(context);
    await logIn(page, { email: target.email, password: DEMO_PASSWORD });
    await page.waitForURL('**/members');
    await page.goto(`${baseUrl()}/chats`);
    const conversation = page.getByTestId('chat-list-item').filter({ hasText: visitor.name });
    await conversation.click();
    await page.getByTestId('message').filter({ hasText: message }).waitFor();

    const chats = await page.evaluate(
      async () =>
        (await (await fetch('/api/chats.php', { headers: { 'x-request-type': 'client' } })).json()) as { chats: { profile: { id: number; name: string } }[] },
    );
    const visitorId = chats.chats.find((chat) => chat.profile.name === visitor.name)!.profile.id;
    await page.goto(`${baseUrl()}/members/${visitorId}`);
    await page
      .getByRole('heading', { name: new RegExp(visitor.name) })
      .first()
      .waitFor();
    expect(await page.getByText(message).count()).toBe(0);
    expectNoConsoleErrors(page);
    await context.close();
  });
});

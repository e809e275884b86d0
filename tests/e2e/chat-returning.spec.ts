import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Sends a text as the member whose page this is, through the API the app uses. */
async function sendText(page: Page, to: { profile_id: number } | { conversation_id: number }, text: string) {
  const answer = await page.evaluate(
    async ([target, body]) => {
      const response = await fetch('/api/messages.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-type': 'client' },
        body: JSON.stringify({ ...target, text: body, client_id: crypto.randomUUID() }),
      });
      return { status: response.status, body: await response.json() };
    },
    [to, text] as const,
  );
  expect(answer.status).toBe(201);
  return answer.body.message as { id: number; conversation_id: number };
}

/** The API's own unread counts, to hold the page against. */
const unreadFromApi = (page: Page) =>
  page.evaluate(async () => {
    const answer = await (await fetch('/api/chats.php', { headers: { 'x-request-type': 'client' } })).json();
    return { total: answer.total_unread_messages as number, perChat: answer.chats.map((chat: { num_unread_messages: number }) => chat.num_unread_messages) as number[] };
  });

/** Counts `GET /api/chats.php` and waits for the socket's first `resync_done` after a page load. */
function watchPageLoad(page: Page) {
  const chatListRequests: string[] = [];
  const resyncs: unknown[] = [];
  page.on('request', (request) => request.url().includes('/api/chats.php') && chatListRequests.push(request.url()));
  let resynced: () => void = () => {};
  const done = new Promise<void>((resolve) => (resynced = resolve));
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      const event = JSON.parse(String(frame.payload));
      if (event.type === 'resync') resyncs.push(event);
    });
    socket.on('framereceived', (frame) => String(frame.payload).includes('"resync_done"') && resynced());
  });
  return { chatListRequests, resyncs, resynced: done };
}

describe('a member comes back to their messages', () => {
  it('sees the server’s unread counts after a page load, without a chat-list request per old message', async () => {
    const anna = await confirmedMemberWithPhoto(browser);
    const ben = await confirmedMemberWithPhoto(browser);
    const first = await sendText(anna.page, { profile_id: ben.id }, 'Hello Ben, one');
    for (const text of ['two', 'three']) await sendText(anna.page, { conversation_id: first.conversation_id }, text);
    const carl = await confirmedMemberWithPhoto(browser);
    for (const text of ['Hi from Carl', 'Carl again', 'Carl, third', 'Carl, fourth']) await sendText(carl.page, { profile_id: ben.id }, text);
    await carl.close();
    const server = await unreadFromApi(ben.page);
    expect(server).toEqual({ total: 7, perChat: [4, 3] });

    // A page load away from the chats: the socket replays no history, so no list request per message.
    const onSearch = watchPageLoad(ben.page);
    await ben.page.goto(`${baseUrl()}/members`);
    await onSearch.resynced;
    await ben.page.waitForTimeout(1_000);
    expect(onSearch.resyncs).toEqual([{ type: 'resync' }]);
    // At most the regular refresh 5 s after a load, on a slow machine; before, one per old message.
    expect(onSearch.chatListRequests.length).toBeLessThanOrEqual(1);

    // The chat list: the counts the API gives, in the list and in the navigation.
    const onChats = watchPageLoad(ben.page);
    await ben.page.goto(`${baseUrl()}/chats`);
    await onChats.resynced;
    await ben.page.waitForTimeout(1_000);
    expect(onChats.chatListRequests.length).toBeLessThanOrEqual(1);
    const badges = ben.page.getByTestId('chat-list-item').locator('.badge');
    expect(await badges.allTextContents()).toEqual([`4 ${t('nav.unread')}`, `3 ${t('nav.unread')}`]);
    const nav = ben.page.getByRole('navigation', { name: t('nav.main') });
    await nav.locator('.badge').filter({ hasText: `7 ${t('nav.unread')}` }).waitFor();
    await expectAccessible(ben.page);

    // A message while the list is open: counted once, from the server.
    await sendText(anna.page, { conversation_id: first.conversation_id }, 'four');
    await expect.poll(() => badges.allTextContents(), { timeout: 5_000 }).toEqual([`4 ${t('nav.unread')}`, `4 ${t('nav.unread')}`]);
    expect(await unreadFromApi(ben.page)).toEqual({ total: 8, perChat: [4, 4] });

    expectNoConsoleErrors(anna.page);
    expectNoConsoleErrors(ben.page);
    await anna.close();
    await ben.close();
  });

});

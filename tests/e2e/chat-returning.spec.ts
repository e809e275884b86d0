import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en as t } from './support/locales';

type Member = Awaited<ReturnType<typeof confirmedMemberWithPhoto>>;
let browser: Browser;
// Two members for the whole file: the suite's sign-ups all come from one address, which the
// server limits to 30 an hour.
let anna: Member;
let ben: Member;
let conversationId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  anna = await confirmedMemberWithPhoto(browser);
  ben = await confirmedMemberWithPhoto(browser);
});
afterAll(async () => {
  await anna?.close();
  await ben?.close();
  await browser?.close();
});

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
    return {
      total: answer.total_unread_messages as number,
      perChat: answer.chats.map((chat: { num_unread_messages: number }) => chat.num_unread_messages) as number[],
    };
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

/** axe-core on the page: no violation of any impact (the shared check stops at serious). */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** How far the message list is from its bottom, and whether its last message is on screen. */
const listPosition = (page: Page) =>
  page.getByRole('log').evaluate((list) => {
    const last = [...list.querySelectorAll('[data-testid="message"]')].at(-1)!.getBoundingClientRect();
    const box = list.getBoundingClientRect();
    return {
      fromBottom: Math.round(list.scrollHeight - list.scrollTop - list.clientHeight),
      lastVisible: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
      scrolls: list.scrollHeight > list.clientHeight,
    };
  });

describe('a member comes back to their messages', () => {
  it('sees the server’s unread counts after a page load, without a chat-list request per old message', async () => {
    // Anna's three free messages: three unread for Ben.
    const first = await sendText(anna.page, { profile_id: ben.id }, 'Hello Ben, one');
    conversationId = first.conversation_id;
    for (const text of ['two', 'three']) await sendText(anna.page, { conversation_id: conversationId }, text);
    expect(await unreadFromApi(ben.page)).toEqual({ total: 3, perChat: [3] });

    // A page load away from the chats: the socket replays no history, so no list request per message.
    const onSearch = watchPageLoad(ben.page);
    await ben.page.goto(`${baseUrl()}/members`);
    await onSearch.resynced;
    // Until the page has made every request it will make on its own.
    await ben.page.waitForLoadState('networkidle');
    expect(onSearch.resyncs).toEqual([{ type: 'resync' }]);
    // At most the regular refresh 5 s after a load, on a slow machine; before, one per old message.
    expect(onSearch.chatListRequests.length).toBeLessThanOrEqual(1);

    // The chat list: the counts the API gives, in the list and in the navigation.
    const onChats = watchPageLoad(ben.page);
    await ben.page.goto(`${baseUrl()}/chats`);
    await onChats.resynced;
    await ben.page.waitForLoadState('networkidle');
    expect(onChats.chatListRequests.length).toBeLessThanOrEqual(1);
    const badges = ben.page.getByTestId('chat-list-item').locator('.badge');
    expect(await badges.allTextContents()).toEqual([`3 ${t('nav.unread')}`]);
    const nav = ben.page.getByRole('navigation', { name: t('nav.main') });
    await nav
      .locator('.badge')
      .filter({ hasText: `3 ${t('nav.unread')}` })
      .waitFor();
    await expectAccessible(ben.page);

    // A message while the list is open: counted once, from the server.
    await sendText(anna.page, { conversation_id: conversationId }, 'four');
    await expect.poll(() => badges.allTextContents(), { timeout: 5_000 }).toEqual([`4 ${t('nav.unread')}`]);
    await nav
      .locator('.badge')
      .filter({ hasText: `4 ${t('nav.unread')}` })
      .waitFor();
    expect(await unreadFromApi(ben.page)).toEqual({ total: 4, perChat: [4] });

    expectNoConsoleErrors(anna.page);
    expectNoConsoleErrors(ben.page);
  });

  it('opens a conversation on a phone at its newest message, with a message list reachable by keyboard', async () => {
    await sendText(anna.page, { conversation_id: conversationId }, `An answer from Anna. `.repeat(8));
    for (let i = 1; i <= 2; i++) await sendText(ben.page, { conversation_id: conversationId }, `Message ${i} from Ben. `.repeat(8));
    // Ben shares a photo, the conversation's newest message.
    await ben.page.goto(`${baseUrl()}/chats/${conversationId}`);
    await ben.page.getByRole('button', { name: t('chat.photo_button') }).click();
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2e86c1' } })
      .jpeg()
      .toBuffer();
    await ben.page.getByTestId('chat-photo-input').setInputFiles({ name: 'tall.jpg', mimeType: 'image/jpeg', buffer: photo });
    await ben.page.getByRole('button', { name: t('chat.photo_send') }).click();
    await ben.page.getByTestId('photo-message').waitFor();

    // On a phone's network the photo arrives well after the conversation is on screen: the
    // photo's requests wait until the test has seen the list and lets them through.
    let letPhotosThrough = () => {};
    let photosHeld = Promise.resolve();
    const holdPhotos = () => (photosHeld = new Promise<void>((resolve) => (letPhotosThrough = resolve)));
    await anna.page.route('**/api/message-photo.php?**', async (route) => {
      await photosHeld;
      await route.continue();
    });
    holdPhotos();
    await anna.page.setViewportSize({ width: 390, height: 844 });
    await anna.page.goto(`${baseUrl()}/chats`);
    await anna.page.getByTestId('chat-list-item').first().click();
    await anna.page.waitForURL(`**/chats/${conversationId}`);
    const list = anna.page.getByRole('log', { name: t('chat.message_list', { name: ben.member.name }) });
    await list.waitFor();
    const loaded = (page: Page) => page.getByTestId('photo-message').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth);
    // Opened at the newest message; revealing the photo grows it, and the list stays at its end.
    await expect.poll(() => listPosition(anna.page), { timeout: 5_000 }).toEqual({ fromBottom: 0, lastVisible: true, scrolls: true });
    await anna.page.getByTestId('blurred-photo').click();
    letPhotosThrough();
    await expect.poll(() => loaded(anna.page), { timeout: 10_000 }).toBe(600);
    await expect.poll(() => listPosition(anna.page), { timeout: 5_000 }).toEqual({ fromBottom: 0, lastVisible: true, scrolls: true });

    // The same on a fresh load of the conversation's address, the photo arriving late.
    holdPhotos();
    await anna.page.reload();
    await list.waitFor();
    await expect.poll(() => listPosition(anna.page), { timeout: 5_000 }).toMatchObject({ fromBottom: 0 });
    expect(await loaded(anna.page)).toBeFalsy();
    letPhotosThrough();
    await expect.poll(() => loaded(anna.page), { timeout: 10_000 }).toBe(600);
    await expect.poll(() => listPosition(anna.page), { timeout: 5_000 }).toEqual({ fromBottom: 0, lastVisible: true, scrolls: true });

    // Keyboard: the list takes focus and scrolls with the keys.
    await list.focus();
    expect(await list.evaluate((element) => element === document.activeElement)).toBe(true);
    await anna.page.keyboard.press('Home');
    await expect.poll(() => list.evaluate((element) => element.scrollTop), { timeout: 5_000 }).toBe(0);
    await anna.page.keyboard.press('End');
    await expect.poll(() => listPosition(anna.page), { timeout: 5_000 }).toMatchObject({ fromBottom: 0 });
    await expectNoAxeViolations(anna.page);

    // A new message from Ben arrives at the bottom and stays in view.
    await sendText(ben.page, { conversation_id: conversationId }, 'One more thing!');
    await anna.page.getByTestId('message').filter({ hasText: 'One more thing!' }).waitFor();
    await expect.poll(() => listPosition(anna.page), { timeout: 5_000 }).toEqual({ fromBottom: 0, lastVisible: true, scrolls: true });

    expectNoConsoleErrors(anna.page);
    expectNoConsoleErrors(ben.page);
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a member blocks another (ADR 0021)', () => {
  it('the blocked member loses the conversation and the blocker’s profile; the blocker keeps it and unblocks from the settings', async () => {
    const anna = await confirmedMemberWithPhoto(browser);
    const ben = await confirmedMemberWithPhoto(browser);

    // Anna writes to Ben; Ben sees the conversation and its unread badge.
    await anna.page.goto(`${baseUrl()}/members/${ben.id}/chat`);
    // Starting a conversation opens the icebreaker dialog; this member writes their own.
    await anna.page.getByRole('button', { name: t('icebreaker.write_own') }).click();
    await anna.page.getByLabel(t('chat.message_label')).fill('Hello Ben');
    await anna.page.getByRole('button', { name: t('chat.send') }).click();
    await anna.page.waitForURL('**/chats/*');
    await anna.page.getByTestId('message').filter({ hasText: 'Hello Ben' }).waitFor();
    const conversationUrl = anna.page.url();
    await ben.page.goto(`${baseUrl()}/chats`);
    const bensList = ben.page.getByTestId('chat-list-item');
    await bensList.filter({ hasText: anna.member.name }).waitFor();
    const nav = ben.page.getByRole('navigation', { name: t('nav.main') });
    await nav.getByRole('link', { name: new RegExp(t('nav.unread')) }).waitFor();
    // Anna blocks Ben from the conversation: she keeps it, but cannot write until she unblocks.
    await anna.page.getByRole('button', { name: t('chat.more_actions') }).click();
    await anna.page.getByRole('menuitem', { name: t('profile.block'), exact: true }).click();
    await anna.page.getByRole('button', { name: t('profile.block_confirm', { name: ben.member.name }) }).click();
    await anna.page
      .getByTestId('blocked-notice')
      .getByText(t('chat.blocked_notice', { name: ben.member.name }))
      .waitFor();
    expect(await anna.page.getByLabel(t('chat.message_label')).count()).toBe(0);
    await anna.page.getByTestId('message').filter({ hasText: 'Hello Ben' }).waitFor();
    await expectAccessible(anna.page);

    // Ben's open tab drops it at once, with its badge; the page, a reload and the profile stay closed to him.
    await bensList.filter({ hasText: anna.member.name }).waitFor({ state: 'detached' });
    await nav.getByRole('link', { name: new RegExp(t('nav.unread')) }).waitFor({ state: 'detached' });
    await ben.page.reload();
    await ben.page.getByText(t('chat.no_chats')).waitFor();
    const conversation = await ben.page.goto(conversationUrl);
    expect(conversation?.status()).toBe(404);
    const profile = await ben.page.goto(`${baseUrl()}/members/${anna.id}`);
    expect(profile?.status()).toBe(403);
    await ben.page.getByText(t('errors.blocked_by', { name: anna.member.name })).waitFor();
    const firstMessage = await ben.page.goto(`${baseUrl()}/members/${anna.id}/chat`);
    expect(firstMessage?.status()).toBe(403);
    await ben.page.getByText(t('errors.blocked_by', { name: anna.member.name })).waitFor();
    await expectAccessible(ben.page);

    // Anna's block list in the settings: Ben, with an unblock button and a confirmation.
    await anna.page.goto(`${baseUrl()}/notifications`);
    const list = anna.page.getByTestId('blocked-members');
    await list.getByText(ben.member.name, { exact: true }).waitFor();
    await expectAccessible(anna.page);
    await list.getByRole('button', { name: t('settings.unblock_name', { name: ben.member.name }) }).click();
    await anna.page
      .getByTestId('unblocked')
      .getByText(t('settings.unblocked', { name: ben.member.name }))
      .waitFor();
    await anna.page.getByText(t('settings.blocked_none')).waitFor();
    await anna.page.reload();
    await anna.page.getByText(t('settings.blocked_none')).waitFor();

    // Ben has the conversation back.
    await ben.page.goto(`${baseUrl()}/chats`);
    await bensList.filter({ hasText: anna.member.name }).click();
    await ben.page.getByTestId('message').filter({ hasText: 'Hello Ben' }).waitFor();

    // Blocked again while he has it open: his tab leaves it at once.
    await anna.page.goto(conversationUrl);
    await anna.page.getByRole('button', { name: t('chat.more_actions') }).click();
    await anna.page.getByRole('menuitem', { name: t('profile.block'), exact: true }).click();
    await anna.page.getByRole('button', { name: t('profile.block_confirm', { name: ben.member.name }) }).click();
    await anna.page.getByTestId('blocked-notice').waitFor();
    await ben.page.waitForURL(/\/chats$/);
    await bensList.filter({ hasText: anna.member.name }).waitFor({ state: 'detached' });
    expect(await ben.page.getByTestId('message').count()).toBe(0);

    expectNoConsoleErrors(anna.page);
    expectNoConsoleErrors(ben.page, [conversationUrl, `${baseUrl()}/members/${anna.id}`, `${baseUrl()}/members/${anna.id}/chat`]);
    await anna.close();
    await ben.close();
  });
});

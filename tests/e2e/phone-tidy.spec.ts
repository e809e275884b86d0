import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_UNDO_SHOWN_MS } from '../../app/components/chat/use-chat-removal';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Writes to the fictional profile with the longest name in the member's search, through the API; returns its name and the conversation. */
async function writeToFictionalProfile(page: Page): Promise<{ name: string; conversationId: number }> {
  return page.evaluate(async () => {
    const json = { accept: 'application/json', 'content-type': 'application/json' };
    const search = (await (await fetch('/api/members.php')).json()) as { results: { id: number; name: string; is_fictional: boolean }[] };
    const fictional = search.results.filter((card) => card.is_fictional).sort((a, b) => b.name.length - a.name.length)[0];
    if (!fictional) throw new Error('no fictional profile in the search');
    await fetch('/api/fictional-confirmation.php', { method: 'POST', headers: json, body: JSON.stringify({ profile_id: fictional.id }) });
    const sent = await fetch('/api/messages.php', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ profile_id: fictional.id, text: 'Hello from the phone', client_id: `phone-${Date.now()}` }),
    });
    if (sent.status !== 201) throw new Error(`send answered ${sent.status}: ${await sent.text()}`);
    return { name: fictional.name, conversationId: ((await sent.json()) as { message: { conversation_id: number } }).message.conversation_id };
  });
}

async function deleteOpenChat(page: Page) {
  await page.getByRole('button', { name: t('chat.more_actions') }).click();
  await page.getByRole('menuitem', { name: t('chat.remove') }).click();
  await page
    .getByRole('dialog', { name: t('chat.remove_confirm_title') })
    .getByRole('button', { name: t('chat.remove_confirm') })
    .click();
  await page.waitForURL(/\/chats$/);
}

describe('a tidy phone app', () => {
  it('fits the chat header at 360 px behind a "⋯" menu; Delete asks first and can be undone for a few seconds', async () => {
    const anna = await confirmedMemberWithPhoto(browser);
    const { page } = anna;
    const { name, conversationId } = await writeToFictionalProfile(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.clock.install();
    await page.goto(`${baseUrl()}/chats/${conversationId}`);
    await page.getByTestId('message').filter({ hasText: 'Hello from the phone' }).waitFor();

    // The header with the fictional label fits, its menu button on screen.
    const header = page.getByRole('region', { name: t('chat.with', { name }) }).locator('header');
    expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const toggle = page.getByRole('button', { name: t('chat.more_actions') });
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    // The menu button pattern: expanded state, focus into the menu, Escape closes and returns focus.
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu', { name: t('chat.more_actions') });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([t('profile.block'), t('report.button'), t('chat.remove')]);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('report.button'));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-actions');

    // Delete asks first; cancelling keeps the chat.
    await toggle.click();
    await page.getByRole('menuitem', { name: t('chat.remove') }).click();
    const dialog = page.getByRole('dialog', { name: t('chat.remove_confirm_title') });
    await dialog.getByText(t('chat.remove_confirm_text', { name })).waitFor();
    await expectAccessible(page);
    await dialog
      .getByRole('button', { name: t('chat.remove_cancel'), exact: true })
      .last()
      .click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/chats/${conversationId}`);

    // Deleted, then undone: the conversation is back with its history.
    await deleteOpenChat(page);
    const toast = page.getByTestId('toast').filter({ hasText: t('chat.removed', { name }) });
    await toast.getByRole('button', { name: t('chat.undo') }).click();
    await page.waitForURL(`**/chats/${conversationId}`);
    await page.getByTestId('message').filter({ hasText: 'Hello from the phone' }).waitFor();

    // Deleted again and left alone: the Undo goes after a few seconds and the chat stays deleted.
    await deleteOpenChat(page);
    await toast.waitFor();
    await page.clock.fastForward(CHAT_UNDO_SHOWN_MS + 1_000);
    await toast.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText(t('chat.no_chats')).waitFor();
    // Premium has a symbol and word of its own: ★ marks fictional profiles only.
    const premium = page.getByRole('link', { name: t('shell.premium_short') });
    expect(await premium.textContent()).toBe(`♛ ${t('shell.premium_short')}`);

    expectNoConsoleErrors(page);
    await anna.close();
  });

  it('buys credits from a chat and finds the way back to the conversation on the success page', async () => {
    const anna = await confirmedMemberWithPhoto(browser);
    const { page } = anna;
    await page.setViewportSize({ width: 1280, height: 800 });
    const { conversationId } = await writeToFictionalProfile(page);
    // Spend the free messages and the welcome credits, so the chat offers to buy more.
    const spent = await page.evaluate(async (conversation) => {
      for (let n = 0; n < 10; n++) {
        const sent = await fetch('/api/messages.php', {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ conversation_id: conversation, text: `More ${n}`, client_id: `more-${n}-${Date.now()}` }),
        });
        if (sent.status === 402) return true;
      }
      return false;
    }, conversationId);
    expect(spent).toBe(true);
    await page.goto(`${baseUrl()}/chats/${conversationId}`);
    // The chat list keeps the fictional profile's label, as its card and the chat's header do.
    await page.getByTestId('chat-list-item').filter({ hasText: '★' }).waitFor();
    await page
      .getByTestId('photo-credits-short')
      .getByRole('link', { name: t('chat.buy_credits') })
      .click();
    await page.waitForURL(/\/credits\?back=/);

    const bundle = page.getByTestId('bundle').filter({ hasText: t('credits.most_popular') });
    await bundle.getByRole('link').click();
    await page.getByTestId('method-ideal').click();
    await page.getByTestId('pay-button').click();
    await page.waitForURL('**/demo-checkout/**');
    await page.getByRole('button', { name: t('demo_checkout.outcome_paid'), exact: true }).click();
    const state = page.getByTestId('payment-state');
    await state.getByText(t('credits.state_completed')).waitFor();
    await expectAccessible(page);
    await state.getByRole('link', { name: t('credits.back_to_conversation') }).click();
    await page.waitForURL(`**/chats/${conversationId}`);
    await page.getByTestId('message').filter({ hasText: 'Hello from the phone' }).waitFor();

    // A purchase started anywhere else offers no way back to an older conversation.
    await page.goto(`${baseUrl()}/credits`);
    expect(await page.evaluate(() => sessionStorage.getItem('rdv.purchase_origin'))).toBeNull();
    expectNoConsoleErrors(page, [`${baseUrl()}/api/messages.php`]);
    await anna.close();
  });
});

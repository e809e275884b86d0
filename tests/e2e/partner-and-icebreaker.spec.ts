import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_CARD_EVERY } from '../../contract/partner-cards';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('partner cards, the gift picker on a profile and the icebreaker dialog (issue 18)', () => {
  it('sees a partner offer among members, gives a gift from a profile, and starts a chat with an icebreaker', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);

    // Search on the demo site, which resells: a partner card after the first members, marked and linking out.
    await page.goto(`${baseUrl()}/members`);
    const partner = page.getByTestId('partner-card').first();
    await partner.waitFor();
    const link = partner.getByRole('link');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('sponsored noopener');
    const href = new URL((await link.getAttribute('href'))!);
    expect([href.protocol, href.searchParams.get('utm_source'), href.searchParams.get('utm_medium')]).toEqual(['https:', 'localhost', 'partner_card']);
    await partner.getByText(t('partner.label'), { exact: true }).waitFor();
    // It comes after the first members and is never one of them.
    const grid = await page
      .locator('.profile-card, [data-testid="partner-card"]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid') ?? 'profile-card'));
    expect(grid.indexOf('partner-card')).toBe(PARTNER_CARD_EVERY);
    await expectAccessible(page);
    const profileLinks = await page
      .locator('.profile-card')
      .getByRole('link')
      .evaluateAll((links) => links.slice(0, 2).map((link) => link.getAttribute('href')!));

    // A gift from the profile: the picker opens right there with its prices; sending stays on the profile.
    await page.locator('.profile-card').first().getByRole('link').click();
    await page.waitForURL(`**${profileLinks[0]}`);
    await page.getByRole('button', { name: t('profile.gift') }).click();
    // The demo site: 20 welcome credits, a gift costs 20.
    const rose = page.getByRole('button', { name: t('chat.gift_option', { name: t('gifts.names.rose'), price: 20 }) });
    await rose.click();
    await expectAccessible(page);
    await page.getByRole('button', { name: t('chat.gift_send', { name: t('gifts.names.rose'), price: 20 }) }).click();
    await page.getByTestId('gift-sent').waitFor();
    expect(page.url()).toContain(profileLinks[0]);

    // A new conversation opens the icebreaker dialog; a suggestion only fills the composer.
    await page.goto(`${baseUrl()}${profileLinks[1]}/chat`);
    const dialog = page.getByTestId('icebreaker-modal');
    await dialog.getByText(t('icebreaker.price_free')).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t('chat.icebreakers.travel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const composer = page.getByLabel(t('chat.message_label'));
    expect(await composer.inputValue()).toBe(t('chat.icebreakers.travel'));
    expect(page.url()).toContain('/chat');
    await page.getByTestId('message-price').getByText(t('chat.price_free')).waitFor();
    // The button opens it again.
    await page.getByRole('button', { name: t('icebreaker.button') }).click();
    await dialog.getByRole('button', { name: t('icebreaker.write_own') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: t('chat.send') }).click();
    await page.waitForURL('**/chats/*');
    await page
      .getByTestId('message')
      .filter({ hasText: t('chat.icebreakers.travel') })
      .waitFor();
    expectNoConsoleErrors(page);
    await close();

    // A visitor pressing the gift button is asked to sign up.
    const visitor = await openPage(await browser.newContext({ locale: 'en-US' }));
    await visitor.goto(`${baseUrl()}${profileLinks[0]}`);
    await visitor.getByRole('button', { name: t('profile.gift') }).click();
    await visitor.locator('#signup-modal-title').waitFor();
    expectNoConsoleErrors(visitor);
    await visitor.context().close();
  });
});

import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('photo-first pages (issue 19)', () => {
  it('shows a visitor the site’s members and real figures on the home page', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await openPage(context);
    await page.goto(baseUrl());
    const mosaic = page.getByTestId('member-mosaic');
    await expect.poll(() => mosaic.getByRole('link').count()).toBeGreaterThanOrEqual(6);
    // Every face is a loaded photo with its size set (nothing moves while it loads).
    const first = mosaic.locator('img').first();
    expect(await first.getAttribute('width')).toBe('320');
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const nearby = page.getByTestId('social-proof-nearby');
    expect(Number((await nearby.locator('strong').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    await page.getByRole('link', { name: t('landing.cta_signup') }).waitFor();
    // A face opens the sign-up with that member as its target.
    await mosaic.getByRole('link').first().click();
    await page.getByRole('dialog').waitFor();
    expectNoConsoleErrors(page);
    await context.close();
  });

  it('a member browses photos by buttons and keys, reads grouped messages and swipes by keyboard', async () => {
    const anna = await confirmedMemberWithPhoto(browser);
    const page = anna.page;
    // A second photo (the main site approves photos at once): her own profile shows both.
    const second = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#17a2b8' } })
      .jpeg()
      .toBuffer();
    await page.getByTestId('photo-input').setInputFiles({ name: 'two.jpg', mimeType: 'image/jpeg', buffer: second });
    await expect.poll(() => page.getByTestId('own-photo').count()).toBe(2);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/members/${anna.id}`);
    const count = page.getByTestId('carousel-count');
    await count.getByText(t('photo_first.photo_n', { number: 1, total: 2 })).waitFor();
    await page.getByRole('button', { name: t('photo_first.next_photo') }).click();
    await count.getByText(t('photo_first.photo_n', { number: 2, total: 2 })).waitFor();
    await page.locator('.photo-carousel__track').focus();
    await page.keyboard.press('ArrowLeft');
    await count.getByText(t('photo_first.photo_n', { number: 1, total: 2 })).waitFor();
    // The carousel scrolled back to the first photo.
    await expect.poll(() => page.locator('.photo-carousel__track').evaluate((track) => Math.round(track.scrollLeft))).toBe(0);
    // On a phone the actions stay at the bottom of the screen.
    expect(await page.getByTestId('profile-action-bar').evaluate((bar) => getComputedStyle(bar).position)).toBe('fixed');
    await expectAccessible(page);

    // A member from the search: the card leads to their profile, the message button shows its price.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl()}/members`);
    // Other journeys add members without a photo to the same site as they run: take a card with one.
    const card = page
      .locator('.profile-card')
      .filter({ has: page.locator('img') })
      .first();
    await expect.poll(() => card.locator('img').getAttribute('srcset')).toContain('320w');
    await card.getByRole('link').click();
    await page.waitForURL(/\/members\/\d+$/);
    await page.getByTestId('message-price-tag').getByText(t('photo_first.price_free')).waitFor();
    await page.getByRole('link', { name: new RegExp(t('profile.message')) }).click();
    await page.getByRole('button', { name: t('chat.icebreakers.weekend') }).click();
    await page.getByRole('button', { name: t('chat.send') }).click();
    await page.waitForURL('**/chats/*');
    await page
      .getByTestId('message')
      .filter({ hasText: t('chat.icebreakers.weekend') })
      .waitFor();
    const composer = page.getByLabel(t('chat.message_label'));
    const oneLine = await composer.evaluate((box) => box.getBoundingClientRect().height);
    await composer.fill('And another thing:\nline two\nline three');
    await expect.poll(() => composer.evaluate((box) => box.getBoundingClientRect().height)).toBeGreaterThan(oneLine * 1.8);
    await page.getByRole('button', { name: t('chat.send') }).click();
    const followUp = page.getByTestId('message').filter({ hasText: 'line three' });
    await followUp.waitFor();
    // One day separator ("Today"), and the second message joins the first one's group.
    await page.getByTestId('day-separator').getByText('Today').waitFor();
    expect(await page.getByTestId('day-separator').count()).toBe(1);
    expect(await followUp.getAttribute('data-group-start')).toBeNull();
    expect(await page.getByTestId('message').first().getAttribute('data-group-start')).toBe('true');
    await followUp.getByTestId('ticks-delivered').waitFor();
    await expectAccessible(page);

    await page.goto(`${baseUrl()}/swipe-game`);
    const swipeCard = page.getByTestId('swipe-card');
    const before = await swipeCard.locator('h2').innerText();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => swipeCard.locator('h2').innerText()).not.toBe(before);

    expectNoConsoleErrors(page);
    await anna.close();
  });
});

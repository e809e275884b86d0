import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto as confirmedMember, newMember, signUpByApi } from './support/accounts';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { en, text } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const t = en;

describe('members find each other', () => {
  it('completes a profile with a photo', async () => {
    const { page, close } = await confirmedMember(browser);
    await expect.poll(() => page.getByTestId('own-photo').count()).toBe(1);
    await page.getByText(t('profile.main_photo')).waitFor();
    await page.getByLabel(t('profile.interests.travel')).check();
    await page.getByLabel(t('profile.about_label')).fill('I love long walks on the beach.');
    await page.getByRole('button', { name: t('profile.save') }).click();
    await page.getByText(t('profile.saved')).waitFor();
    await expectAccessible(page);
    await page.reload();
    expect(await page.getByLabel(t('profile.about_label')).inputValue()).toBe('I love long walks on the beach.');
    expectNoConsoleErrors(page);
    await close();
  });

  it('searches with filters and loads more pages', async () => {
    const { page, close } = await confirmedMember(browser);
    await page.goto(`${baseUrl()}/members`);
    // The journey's member is a woman seeking men; orientation holds both ways (ADR 0067), so her
    // search is for men, of whom the demo has more than one page.
    await page.getByLabel(t('search.gender')).selectOption('male');
    await page.getByRole('button', { name: t('search.submit') }).click();
    await page.waitForURL('**/members?gender=male');
    await expect.poll(() => page.locator('.profile-card').count()).toBe(20);
    await expectAccessible(page);
    await page.getByRole('button', { name: t('search.load_more') }).click();
    await expect.poll(() => page.locator('.profile-card').count()).toBeGreaterThan(20);
    expectNoConsoleErrors(page);
    await close();
  });

  it('likes until a match pops up, and sees a like popup from the t flag', async () => {
    const anna = await confirmedMember(browser);
    const ben = await confirmedMember(browser);
    await anna.page.goto(`${baseUrl()}/members/${ben.id}`);
    await anna.page.getByRole('button', { name: t('profile.like'), exact: true }).click();
    await anna.page.getByRole('button', { name: t('profile.unlike') }).waitFor();

    await ben.page.goto(`${baseUrl()}/members/${anna.id}`);
    await ben.page.getByRole('button', { name: t('profile.like'), exact: true }).click();
    // The like that makes the match shows the match moment to both at once: Ben where he liked,
    // Anna live on the tab she still has open.
    await ben.page.getByRole('dialog', { name: t('likes.match_title', { name: anna.member.name }) }).waitFor();
    await anna.page.getByRole('dialog', { name: t('likes.match_title', { name: ben.member.name }) }).waitFor();
    // A real member's like is their own: no fictional label on it.
    expect(await ben.page.getByTestId('match-popup-fictional').count()).toBe(0);
    // The match can arrive live before Ben's own like call has answered: measure the page once
    // that call is done and his Unlike button is no longer disabled (mid-fade, axe misreads it).
    await ben.page.waitForFunction(() => !document.querySelector('[data-testid="profile-action-bar"] button[disabled]'));
    await expectAccessible(ben.page);
    await ben.page.keyboard.press('Escape');
    await anna.page.keyboard.press('Escape');
    await ben.page.goto(`${baseUrl()}/likes/matches`);
    await expect.poll(() => ben.page.locator('.profile-card').count()).toBe(1);
    // In the received likes too, Anna's card carries the match mark, which leads to the match page.
    await ben.page.goto(`${baseUrl()}/likes`);
    const cardMark = ben.page.locator('.profile-card').getByRole('link', { name: t('likes.match_mark') });
    expect(await cardMark.getAttribute('href')).toBe(`/likes/m/${anna.id}`);

    // Ben writes to her; on a phone his chat list marks the conversation as a match.
    await ben.page.setViewportSize({ width: 390, height: 844 });
    const sent = await ben.page.evaluate(async (profileId) => {
      const response = await fetch('/api/messages.php', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ profile_id: profileId, text: 'We match!', client_id: `match-${Date.now()}` }),
      });
      return response.status;
    }, anna.id);
    expect(sent).toBe(201);
    await ben.page.goto(`${baseUrl()}/chats`);
    const row = ben.page.getByTestId('chat-list-item').filter({ hasText: anna.member.name });
    await row.waitFor();
    const chatMark = ben.page.getByRole('navigation', { name: t('chat.conversations') }).getByRole('link', { name: t('likes.match_mark') });
    await expect.poll(() => chatMark.count()).toBe(1);
    await expectAccessible(ben.page);
    await chatMark.click();
    await ben.page.waitForURL(`**/likes/m/${anna.id}`);
    await ben.page.getByRole('heading', { name: t('likes.match_title', { name: anna.member.name }) }).waitFor();

    await anna.page.goto(`${baseUrl()}/members?t=1`);
    // The automatic like comes from one of the team's fictional profiles, labelled as such.
    await anna.page
      .getByRole('dialog', { name: t('likes.new_like') })
      .getByTestId('match-popup-fictional')
      .getByText(t('profile.fictional'))
      .waitFor();
    // The flag leaves the address once the popup has been shown.
    await expect.poll(() => anna.page.url()).not.toContain('t=1');
    expectNoConsoleErrors(anna.page);
    expectNoConsoleErrors(ben.page);
    await anna.close();
    await ben.close();
  });

  it('on a phone sees one notice card at a time: the e-mail confirmation first, then the demo note, each closed for the visit', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await openPage(context);
    await signUpByApi(context, newMember());
    await page.goto(`${baseUrl()}/members`);
    const reminder = page.getByTestId('activation-reminder');
    const demoNote = page.getByTestId('demo-payments-banner');
    const shownCards = () =>
      page.locator('[data-testid="activation-reminder"], .phone-notice, [data-testid="demo-payments-banner"]').filter({ visible: true }).count();
    await reminder.waitFor();
    expect(await demoNote.isVisible()).toBe(false);
    expect(await shownCards()).toBe(1);
    await reminder.getByRole('button', { name: t('alerts.close') }).click();
    await demoNote.waitFor();
    expect(await shownCards()).toBe(1);
    // Closed for this visit: the next page keeps the reminder away and the demo note in its place.
    await page.goto(`${baseUrl()}/likes`);
    await demoNote.waitFor();
    await expect.poll(() => reminder.isVisible()).toBe(false);
    await demoNote.getByRole('button', { name: t('alerts.close') }).click();
    await expect.poll(shownCards).toBe(0);
    // A new visit (a new tab session) asks again until the address is confirmed.
    const nextVisit = await openPage(context);
    await nextVisit.goto(`${baseUrl()}/members`);
    await nextVisit.getByTestId('activation-reminder').waitFor();
    expectNoConsoleErrors(page);
    expectNoConsoleErrors(nextVisit);
    await context.close();
  });

  it('swipes until the daily limit, is told so in their language and offered what premium gives', async () => {
    const { page, close } = await confirmedMember(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/swipe-game`);
    await page.getByText(t('swipe.likes_left', { number: 4 })).waitFor();
    // On a phone, Like and Skip show with the card, without scrolling.
    for (const name of [t('swipe.like'), t('swipe.pass')]) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    await expectAccessible(page);
    await page.getByRole('button', { name: t('swipe.pass') }).click();
    for (let left = 3; left >= 0; left--) {
      if (left % 2) await page.getByRole('button', { name: t('swipe.like'), exact: true }).click();
      else await page.keyboard.press('ArrowRight');
      await page.getByText(t('swipe.likes_left', { number: left })).waitFor();
    }
    // The last like of the day shows the state at once: no tap that fails silently.
    const limit = page.getByTestId('swipe-limit');
    await limit.getByText(t('errors.swipe_limit_reached', { limit: 4 })).waitFor();
    expect(await page.getByRole('button', { name: t('swipe.like'), exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: t('swipe.pass'), exact: true }).click();
    await limit.getByText(t('swipe.limit_premium')).waitFor();
    await limit.getByRole('link', { name: t('swipe.limit_premium_link') }).waitFor();
    await expectAccessible(page);

    // In German, the same as the page opens, with when the likes come back; at 1280 px too.
    await page.setViewportSize({ width: 1280, height: 800 });
    const de = (key: string, values: Record<string, string | number> = {}) =>
      Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, String(value)), text('de', key));
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: baseUrl() }]);
    await page.reload();
    await limit.getByText(de('errors.swipe_limit_reached', { limit: 4 })).waitFor();
    await page.getByText(de('swipe.likes_left', { number: 0 })).waitFor();
    // Like is not offered as if it could work: disabled, and described by when likes come back.
    const like = page.getByRole('button', { name: de('swipe.like'), exact: true });
    expect(await like.isDisabled()).toBe(true);
    const reason = await like.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    const [before, after] = text('de', 'swipe.come_back_at').split('{{time}}');
    expect(reason.startsWith(before) && reason.endsWith(after)).toBe(true);
    expect(reason.slice(before.length, reason.length - after.length)).toMatch(/\d{2}:\d{2}/);
    await limit.getByRole('link', { name: de('swipe.limit_premium_link') }).click();
    await page.waitForURL('**/premium');
    await page.getByText(de('premium.benefit_swipe', { free: 4 })).waitFor();
    expectNoConsoleErrors(page, [`${baseUrl()}/api/swipe.php`]);
    await close();
  });

  it('blocks and is blocked', async () => {
    const anna = await confirmedMember(browser);
    const ben = await confirmedMember(browser);
    await anna.page.goto(`${baseUrl()}/members/${ben.id}`);
    await anna.page.getByRole('button', { name: t('profile.block'), exact: true }).click();
    await anna.page.getByRole('button', { name: t('profile.block_confirm', { name: ben.member.name }) }).click();
    await anna.page.getByText(t('profile.you_blocked', { name: ben.member.name })).waitFor();

    const response = await ben.page.goto(`${baseUrl()}/members/${anna.id}`);
    expect(response?.status()).toBe(403);
    await ben.page.getByText(t('errors.blocked_by', { name: anna.member.name })).waitFor();
    await expectAccessible(ben.page);
    expectNoConsoleErrors(anna.page);
    expectNoConsoleErrors(ben.page, [`${baseUrl()}/members/${anna.id}`]);
    await anna.close();
    await ben.close();
  });
});

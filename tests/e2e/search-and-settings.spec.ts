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

describe('a new member finds their way', () => {
  it('starts the search at the gender they are looking for, and can still choose any', async () => {
    // Signed up as a woman looking for men.
    const { page, close } = await confirmedMemberWithPhoto(browser);
    await page.goto(`${baseUrl()}/members`);
    const gender = page.getByLabel(t('search.gender'));
    expect(await gender.inputValue()).toBe('male');
    const men = await page.evaluate(async () => (await (await fetch('/api/members.php?gender=male')).json()).numResults as number);
    await page.getByRole('status').filter({ hasText: t('search.count', { shown: men >= 1000 ? '1000+' : men }) }).waitFor();
    await expectAccessible(page);

    await gender.selectOption('');
    await page.getByRole('button', { name: t('search.submit') }).click();
    await page.waitForURL('**/members?gender=any');
    const everyone = await page.evaluate(async () => (await (await fetch('/api/members.php')).json()).numResults as number);
    expect(everyone).toBeGreaterThan(men);
    await page.getByRole('status').filter({ hasText: t('search.count', { shown: everyone >= 1000 ? '1000+' : everyone }) }).waitFor();
    await page.reload();
    expect(await page.getByLabel(t('search.gender')).inputValue()).toBe('');
    expectNoConsoleErrors(page);
    await close();
  });

  it('is told that a settings switch was saved, or why it was not', async () => {
    const { page, close } = await confirmedMemberWithPhoto(browser);
    await page.goto(`${baseUrl()}/notifications`);
    const notifications = page.getByRole('region', { name: t('settings.notifications_title') });
    const newMessages = notifications.getByRole('switch', { name: t('settings.notification_types.new_messages') });
    expect(await newMessages.isChecked()).toBe(true);
    await newMessages.uncheck();
    await notifications.getByRole('status').getByText(t('settings.saved')).waitFor();
    await expectAccessible(page);

    const privacy = page.getByRole('region', { name: t('settings.privacy_title') });
    await privacy.getByRole('switch', { name: t('settings.invisible') }).check();
    await privacy.getByRole('status').getByText(t('settings.saved')).waitFor();

    await page.reload();
    expect(await newMessages.isChecked()).toBe(false);
    expect(await privacy.getByRole('switch', { name: t('settings.invisible') }).isChecked()).toBe(true);

    // The server refuses (here: too many changes at once): the member reads why, and the switch stays as stored.
    await page.route('**/api/notifications.php', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'rate_limited', message: t('errors.rate_limited') }) }),
    );
    const likes = notifications.getByRole('switch', { name: t('settings.notification_types.like') });
    await likes.uncheck();
    await notifications.getByRole('alert').filter({ hasText: `${t('settings.save_failed')} ${t('errors.rate_limited')}` }).waitFor();
    expect(await likes.isChecked()).toBe(true);
    expect(await notifications.getByRole('status').getByText(t('settings.saved')).count()).toBe(0);
    await expectAccessible(page);
    expectNoConsoleErrors(page, [`${baseUrl()}/api/notifications.php`]);
    await close();
  });
});

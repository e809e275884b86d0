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

});

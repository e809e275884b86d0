import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedMemberWithPhoto } from './support/accounts';
import { DEMO_STAFF } from '../../server/seed/demo-staff';
import { baseUrl, expectAccessible, expectNoConsoleErrors, launchBrowser, openPage } from './support/browser';
import { openConsoleAs } from './support/console';
import { en as t } from './support/locales';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('safety signals in the chat (issue 32)', () => {
  it.each([390, 1280])('at %i px: a phone number to a new contact is asked about first, and the recipient is warned', async (width) => {
    const anna = await confirmedMemberWithPhoto(browser);
    const ben = await confirmedMemberWithPhoto(browser);
    await anna.page.setViewportSize({ width, height: 900 });
    await ben.page.setViewportSize({ width, height: 900 });
    const text = 'Call me: 0152 1234 5678';

    await anna.page.goto(`${baseUrl()}/members/${ben.id}/chat`);
    await anna.page.getByRole('button', { name: t('icebreaker.write_own') }).click();
    await anna.page.getByLabel(t('chat.message_label')).fill(text);
    await anna.page.getByRole('button', { name: t('chat.send') }).click();

    const question = anna.page.getByTestId('safety-confirmation');
    await question.getByText(t('chat.safety_confirm.title')).waitFor();
    await question.getByText(t('safety.reasons.phone'), { exact: false }).waitFor();
    await expectAccessible(anna.page);
    expect(await anna.page.getByTestId('message').count()).toBe(0);

    await question.getByRole('button', { name: t('chat.safety_confirm.send') }).click();
    await anna.page.waitForURL('**/chats/*');
    await anna.page.getByTestId('message').filter({ hasText: text }).waitFor();
    // The sender is not warned about their own message.
    expect(await anna.page.getByTestId('message-safety-notes').count()).toBe(0);

    await ben.page.goto(`${baseUrl()}/chats`);
    await ben.page.getByTestId('chat-list-item').first().click();
    await ben.page.getByTestId('message').filter({ hasText: text }).waitFor();
    const warning = ben.page.getByTestId('message-warning-off_site');
    await warning.getByText(t('chat.warning.off_site')).waitFor();
    expect(await warning.isVisible()).toBe(true);
    await expectAccessible(ben.page);

    // A refusal over HTTP (when the socket is not up yet) is a 409 the browser logs; nothing else may be.
    expectNoConsoleErrors(anna.page, [`${baseUrl()}/api/messages.php`]);
    expectNoConsoleErrors(ben.page);
    await anna.close();
    await ben.close();
  });
});

describe('safety lists in the console (issue 32)', () => {
  it('a moderator adds a phrase, is told why a regular expression is refused, and removes the phrase again', async () => {
    const page = await openPage(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await openConsoleAs(
      page,
      DEMO_STAFF.find((account) => account.role === 'moderator')!,
    );
    await page.goto(`${baseUrl()}/admin/safety-rules`);
    await page.getByRole('heading', { name: 'Safety signals', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'whatsapp' }).first().waitFor();
    await expectAccessible(page);

    await page.getByLabel('Type').selectOption('pattern');
    await page.getByLabel('Entry', { exact: true }).fill('(a+)+$');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('alert').getByText(t('errors.safety_pattern_invalid')).waitFor();

    const phrase = `send bitcoins ${Date.now()}`;
    await page.getByLabel('Type').selectOption('phrase');
    await page.getByLabel('Category').selectOption('money');
    await page.getByLabel('Entry', { exact: true }).fill(phrase);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: /^Money requests/ }).click();
    const row = page.getByTestId('safety-rule').filter({ hasText: phrase });
    await row.waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: /Remove/ }).click();
    await row.waitFor({ state: 'detached' });

    expectNoConsoleErrors(page, [`${baseUrl()}/api/admin/safety-rules`]);
    await page.context().close();
  });
});

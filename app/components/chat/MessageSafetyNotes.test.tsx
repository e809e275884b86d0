import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../contract/chat';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { MessageSafetyNotes } from './MessageSafetyNotes';

const message = (warnings: ChatMessage['warnings']): ChatMessage => ({
  id: 1,
  conversation_id: 9,
  sender_id: 2,
  kind: 'text',
  text: 'Send me 100 euros <b>now</b>',
  gift_id: null,
  photo: null,
  credits_spent: 0,
  held: false,
  read: false,
  created_at: '2026-11-28T12:00:00.000Z',
  warnings,
});

async function render(language: 'en' | 'de', warnings: ChatMessage['warnings']) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { en: { translation: en }, de: { translation: de } }, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MessageSafetyNotes message={message(warnings)} />
    </I18nextProvider>,
  );
}

describe('MessageSafetyNotes', () => {
  it('warns the recipient of a money request and an off-site move, in their language', async () => {
    const html = await render('en', ['money', 'off_site']);
    expect(html).toContain(en.chat.warning.money);
    expect(html).toContain(en.chat.warning.off_site);
    expect(html).not.toContain(en.chat.bother.question);
    expect(await render('de', ['money'])).toContain(de.chat.warning.money);
  });

  it('asks "Does this bother you?" with a report button under an insult, and never repeats the message', async () => {
    const html = await render('en', ['insult']);
    expect(html).toContain(en.chat.bother.question);
    expect(html).toContain(`>${en.chat.bother.report}</button>`);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('100 euros');
  });
});

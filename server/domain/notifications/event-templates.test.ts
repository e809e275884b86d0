import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../contract/locales';

/** The templates the event rules name, and the values each rule fills in. */
const TEMPLATES: Record<string, string[]> = {
  new_conversations: ['sender_name', 'count'],
  new_messages: ['sender_name', 'count'],
  like: ['sender_name', 'count'],
  match: ['sender_name'],
  unread_message_reminders: ['sender_name', 'count'],
};
const PARTS = ['subject', 'body', 'action', 'push_title', 'push_body'];

describe('event notification texts', () => {
  it.each(SUPPORTED_LANGUAGES)('%s has every part of every template, using only the values the rule fills in', (language) => {
    const notify = (JSON.parse(fs.readFileSync(`locales/${language}.json`, 'utf8')) as { notify: Record<string, Record<string, string>> }).notify;
    for (const [template, values] of Object.entries(TEMPLATES)) {
      for (const part of PARTS) {
        const text = notify[template]?.[part];
        expect(text, `${language} notify.${template}.${part}`).toBeTruthy();
        const used = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]);
        expect(
          used.filter((name) => !values.includes(name)),
          `${language} notify.${template}.${part}`,
        ).toEqual([]);
      }
    }
  });
});

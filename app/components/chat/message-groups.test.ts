import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../contract/chat';
import { dayLabel, dayOf, groupMessages } from './message-groups';

let nextId = 1;
const message = (sender: number, at: string): ChatMessage => ({
  id: nextId++,
  conversation_id: 1,
  sender_id: sender,
  kind: 'text',
  text: 'hi',
  gift_id: null,
  photo: null,
  credits_spent: 0,
  held: false,
  read: false,
  created_at: at,
});

const shape = (items: ReturnType<typeof groupMessages>) =>
  items.map((item) => (item.type === 'day' ? `day ${item.day}` : `${item.message.sender_id}${item.firstOfGroup ? '[' : ''}${item.lastOfGroup ? ']' : ''}`));

describe('chat.groupMessages', () => {
  it('puts a day separator before each day’s first message and groups consecutive messages of one sender', () => {
    const items = groupMessages(
      [
        message(1, '2026-03-01T10:00:00Z'),
        message(1, '2026-03-01T10:01:00Z'),
        message(1, '2026-03-01T10:02:00Z'),
        message(2, '2026-03-01T10:03:00Z'),
        message(1, '2026-03-01T10:04:00Z'),
        message(1, '2026-03-02T08:00:00Z'),
        message(1, '2026-03-02T08:01:00Z'),
      ],
      'UTC',
    );
    expect(shape(items)).toEqual(['day 2026-03-01', '1[', '1', '1]', '2[]', '1[]', 'day 2026-03-02', '1[', '1]']);
  });

  it('starts a new group after a pause of more than five minutes', () => {
    const items = groupMessages([message(1, '2026-03-01T10:00:00Z'), message(1, '2026-03-01T10:05:00Z'), message(1, '2026-03-01T10:10:01Z')], 'UTC');
    expect(shape(items)).toEqual(['day 2026-03-01', '1[', '1]', '1[]']);
  });

  it('finds the day in the reader’s time zone', () => {
    // 23:30 UTC is already the next day in Berlin.
    expect(dayOf('2026-03-01T23:30:00Z', 'UTC')).toBe('2026-03-01');
    expect(dayOf('2026-03-01T23:30:00Z', 'Europe/Berlin')).toBe('2026-03-02');
    const items = groupMessages([message(1, '2026-03-01T22:00:00Z'), message(1, '2026-03-01T23:30:00Z')], 'Europe/Berlin');
    expect(shape(items)).toEqual(['day 2026-03-01', '1[]', 'day 2026-03-02', '1[]']);
  });

  it('draws nothing for an empty conversation', () => {
    expect(groupMessages([], 'UTC')).toEqual([]);
  });
});

describe('chat.dayLabel', () => {
  it('says today and yesterday in the reader’s language, else the date', () => {
    expect(dayLabel('2026-03-10', '2026-03-10', 'en')).toBe('Today');
    expect(dayLabel('2026-03-09', '2026-03-10', 'de')).toBe('Gestern');
    expect(dayLabel('2026-03-02', '2026-03-10', 'en')).toBe('Monday, March 2');
    expect(dayLabel('2025-12-31', '2026-01-02', 'en')).toBe('Wednesday, December 31, 2025');
  });
});

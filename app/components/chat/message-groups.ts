import type { ChatMessage } from '../../../contract/chat';

/** Messages further apart than this start a new group even from the same sender. */
export const GROUP_GAP_MS = 5 * 60_000;

export type ChatItem =
  { type: 'day'; key: string; day: string; at: string } | { type: 'message'; key: string; message: ChatMessage; firstOfGroup: boolean; lastOfGroup: boolean };

/**
 * The calendar day of a moment in a time zone, as YYYY-MM-DD (undefined: the browser's own).
 * The server and the first paint use UTC so that both render the same (see LocalDateTime).
 */
export function dayOf(iso: string, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/**
 * A conversation as the chat draws it (issue 19): a separator before the first message of each
 * day, and consecutive messages of one sender on one day, each within five minutes of the one
 * before, drawn as one group (the avatar once, on its last bubble).
 */
export function groupMessages(messages: ChatMessage[], timeZone?: string): ChatItem[] {
  const items: ChatItem[] = [];
  let previous = null as { message: ChatMessage; day: string } | null;
  for (const message of messages) {
    const day = dayOf(message.created_at, timeZone);
    if (day !== previous?.day) items.push({ type: 'day', key: `day-${day}`, day, at: message.created_at });
    const continues =
      previous !== null &&
      previous.day === day &&
      previous.message.sender_id === message.sender_id &&
      Date.parse(message.created_at) - Date.parse(previous.message.created_at) <= GROUP_GAP_MS;
    if (continues) {
      const last = items.at(-1);
      if (last?.type === 'message') last.lastOfGroup = false;
    }
    items.push({ type: 'message', key: String(message.id), message, firstOfGroup: !continues, lastOfGroup: true });
    previous = { message, day };
  }
  return items;
}

/**
 * What a day separator says: "today", "yesterday" (in the reader's language), else the date —
 * with the year only when it is not this year.
 */
export function dayLabel(day: string, today: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [thisYear, thisMonth, thisDate] = today.split('-').map(Number);
  const daysAgo = Math.round((Date.UTC(thisYear, thisMonth - 1, thisDate) - Date.UTC(year, month - 1, date)) / 86_400_000);
  if (daysAgo === 0 || daysAgo === 1) {
    const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-daysAgo, 'day');
    return words.charAt(0).toLocaleUpperCase(language) + words.slice(1);
  }
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
    ...(year !== thisYear ? { year: 'numeric' } : {}),
  };
  return new Intl.DateTimeFormat(language, options).format(new Date(Date.UTC(year, month - 1, date)));
}

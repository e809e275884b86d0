import type { Messages } from './translator';

const isBranch = (value: unknown): value is Messages => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * `over` laid on `base`, branch by branch: every key of `base` that `over` lacks keeps the base's
 * text. The console's translations are complete when they land, but a text added in English
 * since then must read in English rather than as its key (issue 32).
 */
export function mergeMessages(base: Messages, over: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    merged[key] = isBranch(value) && isBranch(base[key]) ? mergeMessages(base[key], value) : value;
  }
  return merged;
}

import type { i18n } from 'i18next';
import { useContext } from 'react';
import { getI18n, I18nContext, type useTranslation as useReactI18nextTranslation } from 'react-i18next';

/** What components read: the same `t`, `i18n` and `ready` as react-i18next's hook. */
export type Translation = Pick<ReturnType<typeof useReactI18nextTranslation>, 't' | 'i18n' | 'ready'>;

/** Texts of calls without options, per instance: at most this many (keys are the code's, but some are built from data). */
const MEMO_LIMIT = 4_000;
/** Texts of calls with options, per instance: this many, then forgotten all at once (their values are data: names, counts). */
const OPTIONS_MEMO_LIMIT = 4_000;

/**
 * The memo's key for a call with options whose every value is a string, number, boolean or
 * null: the key and its length, then each option's name, type, length and value, so that no value
 * (a member's name, say) can spell another call's key; null for any other call (an object, array or function
 * among the values), which is translated as it comes. The type is kept: `{ count: 1 }` and
 * `{ count: '1' }` choose different plural forms.
 */
function optionsKeyOf(key: string, options: unknown): string | null {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return null;
  let memoKey = `${key.length}\u0000${key}`;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = value === null ? 'null' : typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'null') return null;
    const text = String(value);
    memoKey += `\u0000${name}\u0000${type}\u0000${text.length}\u0000${text}`;
  }
  return memoKey;
}

/**
 * One `t` per i18next instance, and so per language's catalogue (`getI18n` in ./i18n.ts makes
 * one instance per catalogue, shared by every request in that language; an instance never
 * changes language). react-i18next's own hook built a copy of the instance's properties and a
 * fresh `t` for each component, and on the server every render is a component's first: ~12 %
 * of the CPU of an uncached member page (issue 36). A call gives the same text every time for
 * the same key and option values, so texts are remembered: plain calls (a key, no options) by
 * key, calls with plain option values (counts, names, a default) by key and values; a call with
 * anything else among its options is translated as it comes.
 */
function translationOf(instance: i18n): Translation {
  const memo = new Map<string, string>();
  const withOptions = new Map<string, string>();
  const translate = (key: unknown, ...rest: unknown[]) => {
    if (rest.length === 0 && typeof key === 'string') {
      const known = memo.get(key);
      if (known !== undefined) return known;
      const text = instance.t(key);
      if (typeof text === 'string' && memo.size < MEMO_LIMIT) memo.set(key, text);
      return text;
    }
    const memoKey = rest.length === 1 && typeof key === 'string' ? optionsKeyOf(key, rest[0]) : null;
    if (memoKey !== null) {
      const known = withOptions.get(memoKey);
      if (known !== undefined) return known;
    }
    const text = (instance.t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
    if (memoKey !== null && typeof text === 'string') {
      if (withOptions.size >= OPTIONS_MEMO_LIMIT) withOptions.clear();
      withOptions.set(memoKey, text);
    }
    return text;
  };
  return { t: translate as unknown as Translation['t'], i18n: instance as Translation['i18n'], ready: true };
}

const translations = new WeakMap<i18n, { language: string; translation: Translation }>();

/** Outside any provider and without a global instance: keys as they are, as react-i18next does then. */
const untranslated: Translation = {
  t: ((key: string | string[]) => (Array.isArray(key) ? key[key.length - 1] : key)) as unknown as Translation['t'],
  i18n: undefined as unknown as Translation['i18n'],
  ready: false,
};

/**
 * The page's translation function: react-i18next's `useTranslation()` (default namespace, no
 * prefix), bound once per instance and language instead of once per component and render.
 */
export function useTranslation(): Translation {
  const instance = (useContext(I18nContext)?.i18n ?? getI18n()) as i18n | undefined;
  if (!instance) return untranslated;
  const kept = translations.get(instance);
  if (kept && kept.language === instance.language) return kept.translation;
  const translation = translationOf(instance);
  translations.set(instance, { language: instance.language, translation });
  return translation;
}

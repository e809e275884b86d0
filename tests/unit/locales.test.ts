import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../contract/locales';

type Tree = { [key: string]: unknown };

function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else if (Array.isArray(node)) node.forEach((item, index) => flatten(item, `${prefix}[${index}]`).forEach((v, k) => out.set(k, v)));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Tree)) {
      flatten(value, prefix ? `${prefix}.${key}` : key).forEach((v, k) => out.set(k, v));
    }
  }
  return out;
}

const placeholders = (value: string) => (value.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as Tree;

const translations = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');
/**
 * The console's texts are checked in the languages that have a file: a language without one
 * is shown in English (issue 32), and its file joins this check the day it lands.
 */
const consoleTranslations = translations.filter((language) => fs.existsSync(path.resolve(`locales/admin/${language}.json`)));

describe.each([
  ['interface texts', (language: string) => `locales/${language}.json`, translations],
  ['legal pages', (language: string) => `locales/legal/${language}.json`, translations],
  ['console texts', (language: string) => `locales/admin/${language}.json`, consoleTranslations],
])('%s', (_name, fileOf, languages) => {
  const english = flatten(read(fileOf('en')));

  it('has at least one translation to check', () => {
    expect(languages.length).toBeGreaterThan(0);
  });

  it.each(languages)('%s has exactly the English keys', (language) => {
    const translated = flatten(read(fileOf(language)));
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(languages)('%s keeps every placeholder', (language) => {
    const translated = flatten(read(fileOf(language)));
    const broken = [...english].filter(([key, value]) => {
      const other = translated.get(key);
      return other !== undefined && placeholders(other).join() !== placeholders(value).join();
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it.each(languages)('%s is translated, not copied', (language) => {
    const translated = flatten(read(fileOf(language)));
    const long = [...english].filter(
      ([, value]) =>
        value
          .replace(/\{\{\w+\}\}/g, '')
          .trim()
          .split(/\s+/).length >= 4,
    );
    const copied = long.filter(([key, value]) => translated.get(key) === value).map(([key]) => key);
    // A handful of long strings may legitimately be identical (names, legal citations).
    expect(copied.length).toBeLessThanOrEqual(Math.ceil(long.length * 0.02));
  });
});

import fs from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: Tree | string };

/** A text from a locale file by its dotted key, so journeys check real translations. */
export function text(language: string, key: string, namespace: 'common' | 'legal' | 'admin' = 'common'): string {
  const file = namespace === 'common' ? `locales/${language}.json` : `locales/${namespace}/${language}.json`;
  const tree = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as Tree;
  const value = key.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`No text ${key} in ${file}`);
  return value;
}

/** An English text with its placeholders filled, as the page shows it. */
export function en(key: string, values: Record<string, string | number> = {}): string {
  return Object.entries(values).reduce((result, [name, value]) => result.replaceAll(`{{${name}}}`, String(value)), text('en', key));
}

// Merges translated texts into a locale file and writes it in en.json's key order:
// `node scripts/locales-merge.mjs <lang> <file-with-translations.json> [--catalogue admin|legal]`.
import fs from 'node:fs';
import { catalogueArgs } from './locales-catalogue.mjs';

const { folder, rest } = catalogueArgs(process.argv.slice(2));
const [language, file] = rest;
if (!language || !file) throw new Error('usage: node scripts/locales-merge.mjs <lang> <translations.json> [--catalogue admin|legal]');
const read = (path) => (fs.existsSync(path) ? JSON.parse(fs.readFileSync(path, 'utf8')) : {});
const english = read(`${folder}/en.json`);
const current = read(`${folder}/${language}.json`);
const incoming = read(file);

function merge(shape, existing, added) {
  const out = {};
  for (const [key, value] of Object.entries(shape)) {
    if (value && typeof value === 'object') out[key] = merge(value, existing?.[key] ?? {}, added?.[key] ?? {});
    else if (typeof added?.[key] === 'string') out[key] = added[key];
    else if (typeof existing?.[key] === 'string') out[key] = existing[key];
  }
  return out;
}

fs.writeFileSync(`${folder}/${language}.json`, `${JSON.stringify(merge(english, current, incoming), null, 2)}\n`);

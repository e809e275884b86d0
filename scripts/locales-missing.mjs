// Lists, per language, the texts that a catalogue's en.json has and the language lacks, as JSON
// ready to translate: `node scripts/locales-missing.mjs [lang] [--catalogue admin|legal]`. Without
// `--catalogue`, the interface texts (`locales/`). Used when adding features.
import fs from 'node:fs';
import { catalogueArgs } from './locales-catalogue.mjs';

const LANGUAGES = ['da', 'de', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];
const { folder, rest } = catalogueArgs(process.argv.slice(2));
const read = (language) => (fs.existsSync(`${folder}/${language}.json`) ? JSON.parse(fs.readFileSync(`${folder}/${language}.json`, 'utf8')) : {});

function missing(source, target) {
  const out = {};
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') {
      const nested = missing(value, target?.[key] ?? {});
      if (Object.keys(nested).length) out[key] = nested;
    } else if (typeof target?.[key] !== 'string') out[key] = value;
  }
  return out;
}

const english = read('en');
const only = rest[0];
const result = Object.fromEntries((only ? [only] : LANGUAGES).map((language) => [language, missing(english, read(language))]));
console.log(JSON.stringify(only ? result[only] : result, null, 2));

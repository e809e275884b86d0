import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, type Language } from '../../contract/locales';

/**
 * One form of address per language, everywhere a member reads (ADR 0071): the interface, the
 * e-mails and the legal pages. Each rule lists the words of the form the language does not use.
 * Many of them are also ordinary words when they open a sentence (German "Sie" is "they" and
 * "you"; Danish "De" is "the"), so those count only mid-sentence, where the capital gives the
 * polite form away; at a sentence start only the phrases below are accepted.
 */
interface AddressRule {
  /** The form chosen, for the failure message. */
  form: string;
  /** Wrong wherever they stand. */
  always?: RegExp;
  /** Wrong mid-sentence; at a sentence start too when `allowedSentenceStarts` is given and does not list it. */
  capitalised?: RegExp;
  /**
   * For a language whose polite word also opens ordinary sentences as "they" or "it" (German
   * "Sie wird verschickt" = "it will be sent"), the sentence starts where it does so.
   */
  allowedSentenceStarts?: string[];
}

/** The words as whole words: JavaScript's \b knows only ASCII, and "requête" would hold "te". */
const words = (list: string[], flags = '') => new RegExp(`(?<![\\p{L}\\p{N}])(${list.join('|')})(?![\\p{L}\\p{N}])`, `gu${flags}`);

const RULES: Partial<Record<Language, AddressRule>> = {
  de: {
    form: 'du',
    capitalised: words(['Sie', 'Ihnen', 'Ihr', 'Ihre', 'Ihrem', 'Ihren', 'Ihrer', 'Ihres']),
    allowedSentenceStarts: [
      // the first message
      'Sie wird verschickt',
      // "ihr" + "euch": two members, informal plural
      'Ihr mögt euch',
      'Ihr könnt euch',
      // fictional profiles, in the legal pages
      'Sie sind im Profil',
      'Sie sind deutlich',
      'Sie enthalten keine',
      'Ihre Nachrichten werden von unseren',
    ],
  },
  fr: { form: 'vous', always: new RegExp(`${words(['tu', 'toi', 'ton', 'ta', 'tes', 'te'], 'i').source}|(?<![\\p{L}])t['’](?=\\p{L})`, 'giu') },
  es: { form: 'tú', always: words(['usted', 'ustedes'], 'i') },
  it: { form: 'tu', always: words(['Lei']), capitalised: words(['Suo', 'Sua', 'Suoi', 'Sue']) },
  // "U.S.C." (the US record-keeping statement) is not "u".
  nl: { form: 'je/jij', always: new RegExp(`${words(['u', 'uw', 'U', 'Uw']).source}(?!\\.\\p{L})`, 'gu') },
  pl: { form: 'ty', always: words(['Pan', 'Pani', 'Pana', 'Panu', 'Panią', 'Państwo', 'Państwa', 'Państwu']) },
  da: { form: 'du', capitalised: words(['De', 'Dem', 'Deres']) },
  nb: { form: 'du', capitalised: words(['De', 'Dem', 'Deres']) },
  sv: { form: 'du', capitalised: words(['Ni', 'Er', 'Era', 'Ert']) },
  fi: { form: 'sinä', always: words(['Teidän', 'Teille', 'Teitä', 'Teillä', 'Teidät']), capitalised: words(['Te']) },
};

/** Whether the text before a word ends a sentence (or is nothing), ignoring opening quotes. */
function opensSentence(before: string): boolean {
  const trimmed = before.replace(/[\s„“"«»(*–-]+$/u, '');
  return trimmed === '' || /[.!?:;…\n]$/.test(trimmed);
}

/** The words in a text that address the reader in the form the language does not use. */
function findWrongAddress(rule: AddressRule, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(rule.always ?? /(?!)/g)) found.push(match[0]);
  for (const match of text.matchAll(rule.capitalised ?? /(?!)/g)) {
    const index = match.index ?? 0;
    if (!opensSentence(text.slice(0, index))) found.push(match[0]);
    else if (rule.allowedSentenceStarts && !rule.allowedSentenceStarts.some((phrase) => text.startsWith(phrase, index))) found.push(match[0]);
  }
  return found;
}

function flatten(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (Array.isArray(node)) return node.flatMap((item, index) => flatten(item, `${prefix}[${index}]`));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
  return [];
}

const memberFiles = (language: string) => [`locales/${language}.json`, `locales/legal/${language}.json`];

describe('the form of address', () => {
  it('has a rule for every language but English', () => {
    expect(Object.keys(RULES).sort()).toEqual(SUPPORTED_LANGUAGES.filter((language) => language !== 'en').sort());
  });

  it('flags the polite German form and lets "sie" as "it" or "they" pass', () => {
    const rule = RULES.de!;
    expect(findWrongAddress(rule, 'Sie können Ihre Auswahl jederzeit ändern.')).toEqual(['Sie', 'Ihre']);
    expect(findWrongAddress(rule, 'Mit Ihrer Zustimmung verwenden wir Cookies.')).toEqual(['Ihrer']);
    expect(findWrongAddress(rule, 'Deine erste Nachricht ist kostenlos. Sie wird verschickt, sobald du bestätigst.')).toEqual([]);
    expect(findWrongAddress(rule, 'Es ist ein Match: Ihr mögt euch gegenseitig!')).toEqual([]);
    expect(findWrongAddress(rule, 'Du kannst deine Auswahl jederzeit ändern.')).toEqual([]);
  });

  it('flags the other languages’ unchosen forms', () => {
    expect(findWrongAddress(RULES.fr!, 'Tu peux changer ton choix.')).toEqual(['Tu', 'ton']);
    expect(findWrongAddress(RULES.fr!, 'Vous pouvez changer votre choix.')).toEqual([]);
    expect(findWrongAddress(RULES.nl!, 'U kunt uw keuze wijzigen.')).toEqual(['U', 'uw']);
    expect(findWrongAddress(RULES.nl!, 'bewaard volgens 18 U.S.C. § 2257')).toEqual([]);
    expect(findWrongAddress(RULES.da!, 'De indtastede adgangskoder er ikke ens.')).toEqual([]);
    expect(findWrongAddress(RULES.da!, 'Vi sender Dem en e-mail.')).toEqual(['Dem']);
    expect(findWrongAddress(RULES.sv!, 'Nu kan Ni skriva.')).toEqual(['Ni']);
    expect(findWrongAddress(RULES.es!, 'Usted puede cambiarlo.')).toEqual(['Usted']);
  });

  for (const [language, rule] of Object.entries(RULES) as [Language, AddressRule][]) {
    it.each(memberFiles(language))(`%s addresses members with "${rule.form}" only`, (file) => {
      const texts = flatten(JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')));
      const wrong = texts.flatMap(([key, text]) => findWrongAddress(rule, text).map((word) => `${key}: ${word}`));
      expect(wrong).toEqual([]);
    });
  }
});

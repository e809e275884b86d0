import { describe, expect, it } from 'vitest';
import type { Language } from '../../../contract/locales';
import { builtinSafetyRules } from './builtin-safety-rules';
import { compileSafetyRules, detectSafetySignals, type SafetyRule } from './safety-detector';
import { normalizeRuleEntry } from './safety-rule-syntax';

const builtins = builtinSafetyRules();
const detect = (text: string, language: Language, extra: SafetyRule[] = []) =>
  detectSafetySignals(text, compileSafetyRules([...builtins, ...extra], [language]));

describe('detectSafetySignals: contact details in any language', () => {
  it('finds phone numbers written plainly, spaced, dashed and with a country code', () => {
    expect(detect('Call me 015212345678', 'en')).toContain('phone');
    expect(detect('meine Nummer: 0 1 5 2 1 2 3 4 5 6 7', 'de')).toContain('phone');
    expect(detect('bel me op 06-12 34 56 78', 'nl')).toContain('phone');
    expect(detect('+33 6 12 34 56 78', 'fr')).toEqual(['phone']);
  });

  it('finds phone numbers spelled out in words, mixed with digits', () => {
    expect(detect('zero one five two one two three four five six', 'en')).toContain('phone');
    expect(detect('null eins fünf zwei, eins zwei drei vier fünf', 'de')).toContain('phone');
    expect(detect('nul zes een twee drie vier vijf zes', 'nl')).toContain('phone');
    expect(detect('cero seis 1 2 tres 4 cinco 6 7', 'es')).toContain('phone');
    expect(detect('tre tre nove 1 2 3 4 5 6 sette', 'it')).toContain('phone');
  });

  it('leaves ages, heights, dates and short figures alone', () => {
    expect(detect('I am 34, 180 cm tall and love 2 cats', 'en')).toEqual([]);
    expect(detect('Just call me Sam, everyone does', 'en')).toEqual([]);
    expect(detect('Geboren am 12.05.1990 in Köln', 'de')).toEqual([]);
    expect(detect('Ik ben een vrolijke vrouw van 45 jaar', 'nl')).toEqual([]);
    expect(detect("J'adore les voyages et la cuisine italienne", 'fr')).toEqual([]);
  });

  it('finds e-mail addresses, also written with words for @ and .', () => {
    expect(detect('write to anna.b@gmx.de', 'de')).toContain('email');
    expect(detect('name at gmail dot com', 'en')).toContain('email');
    expect(detect('anna (at) web punkt de', 'de')).toContain('email');
    expect(detect('marie arobase orange point fr', 'fr')).toContain('email');
    expect(detect('lucia arroba yahoo punto es', 'es')).toContain('email');
  });

  it('finds links, messenger names and @handles', () => {
    expect(detect('see www.example.org', 'en')).toContain('link');
    expect(detect('mijn site: fotos dot nl', 'nl')).toContain('link');
    expect(detect('Schreib mir auf WhatsApp', 'de')).toEqual(['messenger', 'off_site']);
    expect(detect('mon snap: @lea_92', 'fr')).toContain('messenger');
    expect(detect('w h a t s a p p', 'en')).toContain('messenger');
    expect(detect('trovami su Telegrаm', 'it')).toContain('messenger');
  });

  it('reads every detector whatever the text lacks: a link without a dot, a handle beside an address, a spelled link after a real one', () => {
    // The contact scan skips what cannot match (no digit, no "@", no dot): these pin the edges.
    expect(detect('open http://localhost now', 'en')).toContain('link');
    expect(detect('anna@gmx.de or @anna_92', 'en')).toEqual(expect.arrayContaining(['email', 'messenger']));
    expect(detect('see www.example.org or fotos dot nl', 'en')).toContain('link');
    expect(detect('no digits, no at, no dot here', 'en')).toEqual([]);
    expect(detect('Ｍｙ ｎｕｍｂｅｒ ０１５２１２３４５６７８', 'en')).toContain('phone');
  });

  it('finds IBANs and crypto addresses', () => {
    expect(detect('IBAN: DE89 3704 0044 0532 0130 00 danke', 'de')).toEqual(['iban']);
    expect(detect('NL91ABNA0417164300', 'nl')).toEqual(['iban']);
    expect(detect('wallet 0x52908400098527886E0F7030069857D2E4169EE7', 'en')).toContain('crypto');
    expect(detect('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'en')).toContain('crypto');
  });
});

describe('detectSafetySignals: money requests, off-site moves and insults', () => {
  it('reads each language’s own words', () => {
    expect(detect('Can you send me money for a Steam card?', 'en')).toContain('money');
    expect(detect('Kannst du mir Geld überweisen? Ich brauche Geld.', 'de')).toContain('money');
    expect(detect('Stuur me geld via Tikkie', 'nl')).toContain('money');
    expect(detect("Envoie-moi de l'argent par carte cadeau", 'fr')).toContain('money');
    expect(detect('Necesito dinero, mándame dinero por Western Union', 'es')).toContain('money');
    expect(detect('Mandami soldi con una ricarica Postepay', 'it')).toContain('money');
    expect(detect('Wyślij mi pieniądze, podaj kod BLIK', 'pl')).toContain('money');
  });

  it('finds moves off the site', () => {
    expect(detect("Let's talk on another app", 'en')).toEqual(['off_site']);
    expect(detect('Hablemos por otra aplicación', 'es')).toEqual(['off_site']);
    expect(detect('Aggiungimi su un altro sito', 'it')).toEqual(['off_site']);
  });

  it('finds insults', () => {
    expect(detect('you stupid bitch', 'en')).toEqual(['insult']);
    expect(detect('Du bist ein Arschloch', 'de')).toEqual(['insult']);
    expect(detect('Rot op, klootzak', 'nl')).toEqual(['insult']);
    expect(detect('Ta gueule, connard', 'fr')).toEqual(['insult']);
    expect(detect('eres un gilipollas', 'es')).toEqual(['insult']);
  });

  it('uses only the lists of the languages asked for (and those for every language)', () => {
    expect(detect('Du bist ein Arschloch', 'en')).toEqual([]);
    expect(detect('Whatsapp?', 'fi')).toEqual(['messenger']);
  });

  it('reads a friendly text as nothing in every language', () => {
    expect(detect('Hi! I love hiking and cooking. Tell me about your weekend?', 'en')).toEqual([]);
    expect(detect('Hallo, ich wandere gern und koche gern. Wie war dein Wochenende?', 'de')).toEqual([]);
    expect(detect('Hola, me encanta el cine y la playa. ¿Qué tal tu fin de semana?', 'es')).toEqual([]);
    expect(detect('Ciao! Amo la montagna e il buon vino.', 'it')).toEqual([]);
  });
});

describe('operator entries', () => {
  const entry = (kind: SafetyRule['kind'], value: string, category: SafetyRule['category'] = 'money'): SafetyRule => ({
    kind,
    category,
    value: normalizeRuleEntry(kind, value),
    language: null,
  });

  it('matches words, phrases and safe patterns', () => {
    expect(detect('Paga con Satispay', 'it', [entry('word', 'Satispay')])).toContain('money');
    expect(detect('give me your CARD number', 'en', [entry('phrase', 'card number')])).toContain('money');
    expect(detect('voucher code AB-1234 please', 'en', [entry('pattern', '?? ####', 'money')])).toContain('money');
    expect(detect('meet me on lovelychat', 'en', [entry('pattern', 'lovely*', 'off_site')])).toContain('off_site');
  });

  it('refuses regular expressions and patterns that would match anything', () => {
    expect(() => normalizeRuleEntry('pattern', '(a+)+$')).toThrow(expect.objectContaining({ code: 'safety_pattern_invalid' }));
    expect(() => normalizeRuleEntry('pattern', 'a**b')).toThrow(expect.objectContaining({ code: 'safety_pattern_too_loose' }));
    expect(() => normalizeRuleEntry('pattern', '* *')).toThrow(expect.objectContaining({ code: 'safety_pattern_too_loose' }));
    expect(() => normalizeRuleEntry('word', 'two words')).toThrow(expect.objectContaining({ code: 'safety_word_not_single' }));
    expect(() => normalizeRuleEntry('phrase', 'x'.repeat(81))).toThrow(expect.objectContaining({ code: 'safety_rule_too_long' }));
  });

  it('stays linear on a long hostile text', () => {
    // No time limit (the machines are shared): the CPU time must grow with the text, not
    // explode. Four times the hostile text takes about four times as long when the matching is
    // linear, sixteen when quadratic, and far more when it backtracks. CPU time, not the clock:
    // a busy machine takes the process off the core mid-run, which the clock counts and the CPU
    // time does not. The sizes take turns and the fastest of each counts.
    const rules = compileSafetyRules([...builtins, entry('pattern', 'a*a*a*a*b')], ['en']);
    const hostile = (size: number) => 'a'.repeat(20_000 * size) + '1 '.repeat(5_000 * size);
    const [small, large] = [hostile(1), hostile(4)];
    const timed = (text: string) => {
      const started = process.cpuUsage();
      detectSafetySignals(text, rules);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    timed(small); // compiled before it is measured
    let fastestSmall = Infinity;
    let fastestLarge = Infinity;
    for (let round = 0; round < 7; round++) {
      fastestSmall = Math.min(fastestSmall, timed(small));
      fastestLarge = Math.min(fastestLarge, timed(large));
    }
    expect(fastestLarge / Math.max(fastestSmall, 0.5)).toBeLessThan(10);
  });
});

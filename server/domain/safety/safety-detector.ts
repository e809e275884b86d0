import type { Language } from '../../../contract/locales';
import { SAFETY_CATEGORIES, type SafetyCategory, type SafetyRuleKind } from '../../../contract/safety';
import { scanContacts } from './contact-detectors';
import { patternSource } from './safety-rule-syntax';
import { joinSpelledWords, normalize, tokenize } from './text-tokens';

/** One entry of a rule list, as stored (already normalised by `normalizeRuleEntry`). */
export interface SafetyRule {
  category: SafetyCategory;
  kind: SafetyRuleKind;
  value: string;
  /** Null: every language. */
  language: Language | null;
}

/** A site's lists for one language, ready to match: built once, used for every text. */
export interface CompiledSafetyRules {
  words: Map<string, SafetyCategory[]>;
  /** Phrases by their first word. */
  phrases: Map<string, { words: string[]; category: SafetyCategory }[]>;
  /** One expression per category that has patterns. */
  patterns: { category: SafetyCategory; expression: RegExp }[];
}

/**
 * Compiles the entries that apply to a text in `languages` (and those for every language).
 * Words become a map, phrases an index by first word, patterns one expression per category.
 */
export function compileSafetyRules(rules: SafetyRule[], languages: readonly Language[]): CompiledSafetyRules {
  const words = new Map<string, SafetyCategory[]>();
  const phrases = new Map<string, { words: string[]; category: SafetyCategory }[]>();
  const patternSources = new Map<SafetyCategory, string[]>();
  for (const rule of rules) {
    if (rule.language !== null && !languages.includes(rule.language)) continue;
    if (rule.kind === 'word') words.set(rule.value, [...(words.get(rule.value) ?? []), rule.category]);
    else if (rule.kind === 'phrase') {
      const parts = rule.value.split(' ');
      phrases.set(parts[0], [...(phrases.get(parts[0]) ?? []), { words: parts, category: rule.category }]);
    } else patternSources.set(rule.category, [...(patternSources.get(rule.category) ?? []), patternSource(rule.value)]);
  }
  const patterns = [...patternSources].map(([category, sources]) => ({ category, expression: new RegExp(sources.join('|'), 'u') }));
  return { words, phrases, patterns };
}

/**
 * What a text holds that a site wants to know before it goes live or reaches someone: contact
 * details (found by the built-in detectors and by the lists), money requests, moves off the
 * site and insults. Pure and cheap: one normalisation, one tokenisation, map look-ups, and the
 * operators' patterns. Answers the categories in the order of `SAFETY_CATEGORIES`.
 */
export function detectSafetySignals(text: string, rules: CompiledSafetyRules): SafetyCategory[] {
  if (!text.trim()) return [];
  const normalized = normalize(text);
  const found = scanContacts(text, normalized);
  const tokens = tokenize(normalized);
  const words = tokens.map((token) => token.text);
  for (const word of [...words, ...joinSpelledWords(tokens)]) {
    for (const category of rules.words.get(word) ?? []) found.add(category);
  }
  words.forEach((word, index) => {
    for (const phrase of rules.phrases.get(word) ?? []) {
      if (phrase.words.every((part, offset) => words[index + offset] === part)) found.add(phrase.category);
    }
  });
  for (const { category, expression } of rules.patterns) {
    if (!found.has(category) && expression.test(normalized)) found.add(category);
  }
  return SAFETY_CATEGORIES.filter((category) => found.has(category));
}

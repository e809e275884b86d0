import { SUPPORTED_LANGUAGES, type Language } from '../../../contract/locales';
import type { MessageSafetyPolicy, MessageWarning, SafetyCategory } from '../../../contract/safety';
import type { SafetyRulesRepository } from '../../db/repositories/safety-rules.repository';
import type { SiteRow } from '../../db/schema/index';
import type { Clock } from '../shared/clock';
import { builtinSafetyRules } from './builtin-safety-rules';
import { compileSafetyRules, detectSafetySignals, type CompiledSafetyRules, type SafetyRule } from './safety-detector';
import { askedAbout, warningsOf } from './signal-consequences';

export interface SiteSafetyChoices {
  holdContactTexts: boolean;
  messagePolicy: MessageSafetyPolicy;
}

export const DEFAULT_SAFETY_CHOICES: SiteSafetyChoices = { holdContactTexts: true, messagePolicy: 'confirm' };

/** What the signals say about a message before it is sent. */
export interface MessageScreening {
  /** Contact details, money or off-site findings the sender is asked about (or blocked for). */
  asked: SafetyCategory[];
  warnings: MessageWarning[];
  policy: MessageSafetyPolicy;
}

interface SiteEntry {
  loadedAt: number;
  rules: SafetyRule[];
  choices: SiteSafetyChoices;
  /** Compiled lists by language set, built on first use. */
  compiled: Map<string, CompiledSafetyRules>;
  /** The same, found by the site's locale and the reader's language without building the set's key. */
  byLocale: Map<string, Map<Language, CompiledSafetyRules>>;
}

/**
 * The safety signals on the hot paths (chat sends, profile saves). A site's lists are read once
 * and compiled per language on first use, then served from memory: a send costs no query. An
 * operator's change clears this instance's copy at once (`invalidate`); other instances reload
 * within `cacheTtlMs`, serving the copy they have meanwhile.
 */
export function createSafetySignals(deps: { rules: SafetyRulesRepository; clock: Clock; cacheTtlMs?: number }) {
  const ttl = deps.cacheTtlMs ?? 30_000;
  const sites = new Map<number, SiteEntry>();
  const loading = new Map<number, Promise<SiteEntry>>();
  let generation = 0;

  function load(siteId: number): Promise<SiteEntry> {
    const running = loading.get(siteId);
    if (running) return running;
    const started = generation;
    const promise = Promise.all([deps.rules.activeFor(siteId), deps.rules.findSettings(siteId)])
      .then(([rules, settings]) => {
        const entry: SiteEntry = {
          loadedAt: Date.now(),
          rules,
          choices: settings ? { holdContactTexts: settings.holdContactTexts, messagePolicy: settings.messagePolicy } : DEFAULT_SAFETY_CHOICES,
          compiled: new Map(),
          byLocale: new Map(),
        };
        // A load that began before an operator's change must not put back what it read.
        if (started === generation) sites.set(siteId, entry);
        return entry;
      })
      .finally(() => loading.delete(siteId));
    loading.set(siteId, promise);
    return promise;
  }

  /** Forgets every site's lists and choices (an operator changed them). */
  function invalidate(): void {
    generation += 1;
    sites.clear();
  }

  async function entryOf(siteId: number): Promise<SiteEntry> {
    const entry = sites.get(siteId);
    if (!entry) return load(siteId);
    if (Date.now() - entry.loadedAt > ttl) load(siteId).catch(() => undefined);
    return entry;
  }

  /**
   * The lists for a text in `language` on `site`: that language's, the site's own language's and
   * English (the lingua franca of scams), plus those for every language.
   */
  function compiledFor(entry: SiteEntry, site: SiteRow, language: Language): CompiledSafetyRules {
    let byLanguage = entry.byLocale.get(site.domainLanguage);
    if (!byLanguage) entry.byLocale.set(site.domainLanguage, (byLanguage = new Map()));
    let compiled = byLanguage.get(language);
    if (!compiled) byLanguage.set(language, (compiled = compileFor(entry, site, language)));
    return compiled;
  }

  function compileFor(entry: SiteEntry, site: SiteRow, language: Language): CompiledSafetyRules {
    // The site's language is stored as a locale ("de-DE").
    const siteLanguage = site.domainLanguage.slice(0, 2).toLowerCase() as Language;
    const languages = [...new Set<Language>([language, 'en', ...(SUPPORTED_LANGUAGES.includes(siteLanguage) ? [siteLanguage] : [])])];
    const key = languages.join(',');
    let compiled = entry.compiled.get(key);
    if (!compiled) {
      compiled = compileSafetyRules(entry.rules, languages);
      entry.compiled.set(key, compiled);
    }
    return compiled;
  }

  function screen(entry: SiteEntry, site: SiteRow, language: Language, text: string): MessageScreening {
    const found = detectSafetySignals(text, compiledFor(entry, site, language));
    return { asked: askedAbout(found), warnings: warningsOf(found), policy: entry.choices.messagePolicy };
  }

  return {
    /** Everything the signals find in a text, for a reader of `language` on `site`. */
    async detect(site: SiteRow, language: Language, text: string): Promise<SafetyCategory[]> {
      return detectSafetySignals(text, compiledFor(await entryOf(site.id), site, language));
    },

    /** Before a member's message is sent: what to ask them about, and what to warn the recipient of. */
    async screenMessage(site: SiteRow, language: Language, text: string): Promise<MessageScreening> {
      return screen(await entryOf(site.id), site, language, text);
    },

    /**
     * `screenMessage` without a promise when the site's lists are in memory, as they are for
     * every send but the first after a start or an operator's change: a chat send is screened
     * thousands of times a second, and each promise on its way is work and garbage (issue 36).
     * Undefined: not loaded yet, ask `screenMessage`.
     */
    screenMessageNow(site: SiteRow, language: Language, text: string): MessageScreening | undefined {
      const entry = sites.get(site.id);
      if (!entry) return undefined;
      if (Date.now() - entry.loadedAt > ttl) load(site.id).catch(() => undefined);
      return screen(entry, site, language, text);
    },

    /** A profile text: what holds it for review (nothing when the site lets such texts go live). */
    async screenProfileText(site: SiteRow, language: Language, text: string): Promise<SafetyCategory[]> {
      const entry = await entryOf(site.id);
      if (!entry.choices.holdContactTexts) return [];
      return askedAbout(detectSafetySignals(text, compiledFor(entry, site, language)));
    },

    async choicesFor(siteId: number): Promise<SiteSafetyChoices> {
      return (await entryOf(siteId)).choices;
    },

    invalidate,

    /**
     * Copies the built-in lists into the table, once: an entry that is there already — even one an
     * operator removed — stays as it is. Safe to run at every start, on every instance at once.
     */
    async seedBuiltins(): Promise<number> {
      const createdAt = deps.clock.now();
      const rows = builtinSafetyRules().map((rule) => ({ ...rule, siteId: null, builtin: true, createdAt, createdBy: null }));
      const added = await deps.rules.insertMissing(rows);
      if (added) invalidate();
      return added;
    },
  };
}

export type SafetySignals = ReturnType<typeof createSafetySignals>;

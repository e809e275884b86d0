/**
 * Safety signals (issue 32): what the detector finds in a profile text or a message before anyone
 * reports it. Shared by the server (which detects) and the app (which names the findings).
 */

/** Contact details: a way to reach the member outside the site. */
export const CONTACT_CATEGORIES = ['phone', 'messenger', 'email', 'link', 'iban', 'crypto'] as const;
/** Everything the detector looks for; each rule list belongs to one of these. */
export const SAFETY_CATEGORIES = [...CONTACT_CATEGORIES, 'money', 'off_site', 'insult'] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

/**
 * What the recipient of a message is warned about, stored with the message: it asks for money
 * (money requests, IBANs, crypto addresses), it moves the talk off the site (contact details,
 * "let's talk on …"), or it insults them ("Does this bother you?").
 */
export const MESSAGE_WARNINGS = ['money', 'off_site', 'insult'] as const;
export type MessageWarning = (typeof MESSAGE_WARNINGS)[number];

/** How an operator's entry matches: a whole word, a run of words, or a small safe pattern (see `PATTERN_HELP`). */
export const SAFETY_RULE_KINDS = ['word', 'phrase', 'pattern'] as const;
export type SafetyRuleKind = (typeof SAFETY_RULE_KINDS)[number];

/** What a site does with a message that carries contact details, money requests or off-site moves. */
export const MESSAGE_SAFETY_POLICIES = ['confirm', 'block'] as const;
export type MessageSafetyPolicy = (typeof MESSAGE_SAFETY_POLICIES)[number];

/** Limits of one operator entry: short, and few wildcards, so no entry can make matching slow. */
export const SAFETY_RULE_MAX_LENGTH = 80;
export const SAFETY_PATTERN_MAX_WILDCARDS = 4;

/** The one-line syntax help the console shows beside the pattern field. */
export const PATTERN_HELP = '# = one digit, ? = one letter, * = up to 12 letters or digits inside a word; a space = any spaces or punctuation';

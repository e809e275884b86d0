import { CONTACT_CATEGORIES, type MessageWarning, type SafetyCategory } from '../../../contract/safety';

/**
 * What the sender is asked about before a message goes (and what holds a profile text for
 * review): contact details, money requests and moves off the site. Insults are not asked
 * about — the recipient is offered a report instead.
 */
const ASKED: ReadonlySet<SafetyCategory> = new Set([...CONTACT_CATEGORIES, 'money', 'off_site']);
const MONEY: ReadonlySet<SafetyCategory> = new Set(['money', 'iban', 'crypto']);
const OFF_SITE: ReadonlySet<SafetyCategory> = new Set(['phone', 'messenger', 'email', 'link', 'off_site']);

/** The findings that need the sender's "Are you sure?" (or hold a profile text), in order. */
export function askedAbout(found: readonly SafetyCategory[]): SafetyCategory[] {
  return found.filter((category) => ASKED.has(category));
}

/** What the recipient of a message with these findings is warned about. */
export function warningsOf(found: readonly SafetyCategory[]): MessageWarning[] {
  const warnings: MessageWarning[] = [];
  if (found.some((category) => MONEY.has(category))) warnings.push('money');
  if (found.some((category) => OFF_SITE.has(category))) warnings.push('off_site');
  if (found.includes('insult')) warnings.push('insult');
  return warnings;
}

import type { TFunction } from 'i18next';
import { limitsOf, listFieldIssues, problemKey, valueAt, type FieldProblem, type InputIssue } from './field-problems';

/**
 * Validation problems worded for operators (issue 32): a console form's refusal names each field
 * by the label the operator sees (`Price for Germany`, not `body.prices.DE.amount`), states
 * money in currency units rather than cents, and says plainly when a number may not be
 * negative. Labels live in the console's texts (`admin:field_labels`), so they follow the
 * console's languages; one table serves every console form, because the same names
 * (`reason`, `credits`, `prices`) mean the same thing on every form.
 */

export interface ConsoleFieldProblem extends FieldProblem {
  /** The field as the operator sees it. */
  label: string;
}

const COUNTRY_KEY = /^([A-Z]{2}|\*)$/;

/** Problems for one request part, each with its label; `field` stays the path the forms match on. */
export function describeConsoleIssues(part: string, issues: InputIssue[], input: unknown, t: TFunction): ConsoleFieldProblem[] {
  const language = consoleLanguage(t);
  return listFieldIssues(issues).map(({ path, issue }) => {
    const label = labelOf(path, t, language);
    const problem = wordingOf(issue, path, input, t, language);
    return { field: [part, ...path].join('.'), label, problem: t('admin:field_problems.labelled', { label, problem }) };
  });
}

/**
 * The language the console's texts came in (`admin:field_problems.locale`): country names and
 * amounts are written in it too, so an English console never says "Price for Deutschland".
 */
function consoleLanguage(t: TFunction): string {
  return t('admin:field_problems.locale');
}

/** The summary line: which fields to look at, by their labels. */
export function summarizeConsoleProblems(problems: ConsoleFieldProblem[], t: TFunction): string {
  return t('admin:field_problems.summary', { fields: [...new Set(problems.map((problem) => problem.label))].join(', ') });
}

/**
 * The operator's name for a field: the closest named part of its path with its parent
 * (`prices_amount`), else alone (`amount`), else the name made readable. A country in the path
 * becomes its name, for labels that mention a place.
 */
export function labelOf(path: (string | number)[], t: TFunction, language: string): string {
  const named = path.filter((part): part is string => typeof part === 'string' && !COUNTRY_KEY.test(part));
  const country = path.find((part): part is string => typeof part === 'string' && COUNTRY_KEY.test(part));
  const place = country ? placeName(country, t, language) : '';
  const last = named.at(-1);
  if (!last) return t('admin:field_labels.form');
  const parent = named.at(-2);
  const candidates = [parent && `admin:field_labels.${parent}_${last}`, `admin:field_labels.${last}`].filter((key): key is string => !!key);
  const label = t(candidates, { place, defaultValue: '' });
  if (label) return label;
  const readable = last.replace(/_/g, ' ');
  return readable.charAt(0).toUpperCase() + readable.slice(1) + (place ? ` (${place})` : '');
}

function placeName(country: string, t: TFunction, language: string): string {
  if (country === '*') return t('admin:field_problems.all_other_countries');
  return new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
}

/** The sentence for one issue: money in its currency, a negative number named as such, else the usual wording. */
function wordingOf(issue: InputIssue, path: (string | number)[], input: unknown, t: TFunction, language: string): string {
  const value = valueAt(input, issue.path);
  const key = problemKey(issue, value);
  const limits = limitsOf(issue);
  const currency = currencyBeside(input, path);
  const money = (cents: unknown) => formatMoney(Number(cents), currency ?? 'EUR', language);
  if (typeof value === 'number' && value < 0 && (key === 'number_too_small' || key === 'number_not_above') && Number(limits.min) >= 0) {
    const min = key === 'number_not_above' ? Number(limits.min) + 1 : Number(limits.min);
    return currency ? t('admin:field_problems.money_negative', { min: money(min) }) : t('admin:field_problems.negative', { min });
  }
  if (currency && key.startsWith('number')) {
    if (key === 'number_too_big' || key === 'number_not_below') return t('admin:field_problems.money_too_big', { max: money(limits.max) });
    if (key === 'number_too_small' || key === 'number_not_above') return t('admin:field_problems.money_too_small', { min: money(limits.min) });
    return t('admin:field_problems.money_number');
  }
  const readable = (limit: unknown) => (typeof limit === 'number' ? new Intl.NumberFormat(language).format(limit) : limit);
  return t(`validation.${key}`, { min: readable(limits.min), max: readable(limits.max), lng: language });
}

/**
 * Money travels in cents beside its currency (`{ currency: 'EUR', amount: 1999 }`): a number
 * whose object also holds a currency code is an amount of that currency.
 */
function currencyBeside(input: unknown, path: (string | number)[]): string | null {
  if (path.length === 0) return null;
  const holder = valueAt(input, path.slice(0, -1));
  const currency = holder && typeof holder === 'object' ? (holder as Record<string, unknown>).currency : undefined;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : null;
}

/** Cents as the operator reads them, e.g. 10000000 EUR → "€100,000.00" (en) or "100.000,00 €" (de). */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

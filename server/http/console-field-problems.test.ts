import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTranslator, type Translator } from '../i18n/translator';
import { describeConsoleIssues, formatMoney, labelOf, summarizeConsoleProblems } from './console-field-problems';
import { fromZodIssue } from './field-problems';

/** Issue 32: console refusals in the operator's words, not the schema's. */

let translator: Translator;
beforeAll(async () => {
  translator = await createTranslator();
});

const Prices = z.object({
  prices: z.record(z.string(), z.object({ currency: z.string(), amount: z.number().int().min(1).max(10_000_000) })),
  delta: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  credits: z.number().int().min(1).optional(),
});

function problemsFor(input: unknown, language: 'en' | 'de' = 'en') {
  const result = Prices.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return describeConsoleIssues('body', result.error.issues.map(fromZodIssue), input, translator.forLanguage(language));
}

describe('describeConsoleIssues', () => {
  it('names a price by its country and states the limit in currency units, not cents', () => {
    const [problem] = problemsFor({ prices: { DE: { currency: 'EUR', amount: 20_000_000 } } });
    expect(problem).toEqual({
      field: 'body.prices.DE.amount',
      label: 'Price for Germany',
      problem: 'Price for Germany: Enter an amount of at most €100,000.00.',
    });
    expect(problem!.problem).not.toContain('10000000');
  });

  it('names the price for every other country', () => {
    const [problem] = problemsFor({ prices: { '*': { currency: 'SEK', amount: 0 } } });
    expect(problem!.label).toBe('Price for every other country');
    expect(problem!.problem).toBe('Price for every other country: Enter an amount of at least SEK\u00a00.01.');
  });

  it('says plainly that a negative number is not possible', () => {
    expect(problemsFor({ prices: {}, credits: -5 })[0]!.problem).toBe('Credits: Enter 1 or more; a negative number is not possible here.');
    expect(problemsFor({ prices: { NL: { currency: 'EUR', amount: -500 } } })[0]!.problem).toBe(
      'Price for Netherlands: Enter an amount of at least €0.01; a negative amount is not possible here.',
    );
  });

  it('asks for an amount when a price is not a number at all', () => {
    expect(problemsFor({ prices: { NL: { currency: 'EUR', amount: null } } })[0]!.problem).toBe('Price for Netherlands: Enter an amount, e.g. 19.99.');
  });

  it('gives the credit correction its label instead of body.delta', () => {
    const [problem] = problemsFor({ prices: {}, delta: 5_000_000 });
    expect(problem).toMatchObject({
      field: 'body.delta',
      label: 'Credits to add or take',
      problem: 'Credits to add or take: Enter a number of at most 1,000,000.',
    });
  });

  it('writes country names and money in the console’s language', () => {
    const [english] = problemsFor({ prices: { DE: { currency: 'EUR', amount: 20_000_000 } } });
    expect(english!.problem).toBe('Price for Germany: Enter an amount of at most €100,000.00.');
    expect(problemsFor({ prices: {}, delta: 5_000_000 })[0]!.problem).toBe('Credits to add or take: Enter a number of at most 1,000,000.');
    const [german] = problemsFor({ prices: { DE: { currency: 'EUR', amount: 20_000_000 } } }, 'de');
    // Intl writes a no-break space before the euro sign.
    expect(german!.problem.replace(/\s/g, ' ')).toBe('Preis (Deutschland): Geben Sie einen Betrag von höchstens 100.000,00 € ein.');
  });

  it('sums up the fields to check by their labels, each once', () => {
    const problems = problemsFor({ prices: { DE: { currency: 'EUR', amount: 0 } }, delta: 5_000_000 });
    expect(summarizeConsoleProblems(problems, translator.forLanguage('en'))).toBe('Please check: Price for Germany, Credits to add or take.');
  });
});

describe('labelOf', () => {
  it('makes a field without a label readable', () => {
    expect(labelOf(['logged_out_search_trafficsource'], translator.forLanguage('en'), 'en')).toBe('Logged out search trafficsource');
    expect(labelOf(['region_words', 'DE'], translator.forLanguage('en'), 'en')).toBe('Region words (Germany)');
  });
});

describe('formatMoney', () => {
  it('turns cents into the currency’s units', () => {
    expect(formatMoney(1999, 'EUR', 'en')).toBe('€19.99');
    expect(formatMoney(10_000_000, 'EUR', 'de')).toBe('100.000,00\u00a0€');
  });
});

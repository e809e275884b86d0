import { describe, expect, it } from 'vitest';
import { EmailAddress, isEmailAddress, OptionalEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  it.each([
    'anna@example.com',
    'anna.berg+dating@mail.example.co.uk',
    "o'brien@example.ie",
    'x_y-z#1!$%&*/=?^`{|}~@example.org',
    'a@b.io',
    'sven@exempel.se',
    'juergen@müller.de',
    'anna@xn--mller-kva.de',
    'anna@sub-domain.xn--p1ai',
    `${'a'.repeat(64)}@example.com`,
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(56)}.com`,
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ['an address list', 'attacker,victim@example.org'],
    ['two addresses', 'a@example.org,b@example.org'],
    ['two @', 'a@b@example.org'],
    ['no @', 'anna.example.org'],
    ['nothing before the @', '@example.org'],
    ['a space', 'anna berg@example.org'],
    ['a trailing space inside', 'anna@example.org '],
    ['a tab', 'anna\t@example.org'],
    ['a line break (header injection)', 'anna@example.org\r\nBcc: all@example.org'],
    ['a NUL', 'anna\u0000@example.org'],
    ['a quoted local part', '"anna berg"@example.org'],
    ['angle brackets', '<anna@example.org>'],
    ['a display name', 'Anna <anna@example.org>'],
    ['a semicolon', 'anna;bob@example.org'],
    ['a comment', 'anna(comment)@example.org'],
    ['a leading dot', '.anna@example.org'],
    ['a trailing dot before the @', 'anna.@example.org'],
    ['two dots in a row', 'an..na@example.org'],
    ['no dot in the domain', 'anna@localhost'],
    ['an IP literal', 'anna@[192.0.2.1]'],
    ['a numeric top-level domain', 'anna@192.0.2.1'],
    ['a one-letter top-level domain', 'anna@example.c'],
    ['an empty label', 'anna@example..org'],
    ['a trailing dot in the domain', 'anna@example.org.'],
    ['a label starting with a hyphen', 'anna@-example.org'],
    ['a label ending with a hyphen', 'anna@example-.org'],
    ['an underscore in the domain', 'anna@ex_ample.org'],
    ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`],
    ['a label of 64 characters', `anna@${'b'.repeat(64)}.com`],
    ['255 characters in all', `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`],
    ['a non-ASCII local part', 'jürgen@example.de'],
  ])('refuses %s', (_shape, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});

describe('EmailAddress', () => {
  it('trims, then holds the address to the rule', () => {
    expect(EmailAddress.parse('  anna@example.org ')).toBe('anna@example.org');
    expect(EmailAddress.safeParse('attacker,victim@example.org').success).toBe(false);
    expect(EmailAddress.safeParse('').success).toBe(false);
  });

  it('leaves an optional address empty, but never malformed', () => {
    expect(OptionalEmailAddress.parse('')).toBe('');
    expect(OptionalEmailAddress.parse('support@example.org')).toBe('support@example.org');
    expect(OptionalEmailAddress.safeParse('support@example').success).toBe(false);
  });
});

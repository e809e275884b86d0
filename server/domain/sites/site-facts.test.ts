import { describe, expect, it } from 'vitest';
import { cleanPhoneNumber, getTermsVersionDate, normalizeHost } from './site-facts';

describe('getTermsVersionDate', () => {
  it('is 2023-12-01 12:00 UTC for companies added before it', () => {
    expect(getTermsVersionDate({ companyAdded: new Date('2020-01-01T00:00:00Z') }).toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
  it('is the company_added date when that is later', () => {
    expect(getTermsVersionDate({ companyAdded: new Date('2024-06-30T08:00:00Z') }).toISOString()).toBe('2024-06-30T08:00:00.000Z');
  });
});

describe('cleanPhoneNumber', () => {
  it('removes dashes and spaces', () => {
    expect(cleanPhoneNumber('+31 20-123 45 67')).toBe('+31201234567');
  });
});

describe('normalizeHost', () => {
  it('drops the port, a leading www. and upper case', () => {
    expect(normalizeHost('WWW.Flirt.Example:8443')).toBe('flirt.example');
    expect(normalizeHost(undefined)).toBe('');
  });
});

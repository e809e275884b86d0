import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION, parseConsent, readCookie, serializeConsent } from './consent';

describe('consent cookie', () => {
  it('reads back the choice it wrote, with its time and version', () => {
    const choice = { statistics: true, marketing: false, at: 1_764_000_000, version: CONSENT_VERSION };
    expect(parseConsent(serializeConsent(choice))).toEqual(choice);
  });

  it('treats an older version, garbage or nothing as no choice', () => {
    expect(parseConsent(encodeURIComponent(JSON.stringify({ v: CONSENT_VERSION - 1, s: 1, m: 1, t: 1 })))).toBeNull();
    expect(parseConsent('%7Bnot-json')).toBeNull();
    expect(parseConsent(encodeURIComponent(JSON.stringify({ v: CONSENT_VERSION, s: 'yes', m: 0, t: 1 })))).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });

  it('finds one cookie among others', () => {
    expect(readCookie('a=1; rdv_consent=x%7B; b=2', 'rdv_consent')).toBe('x%7B');
    expect(readCookie('xrdv_consent=1', 'rdv_consent')).toBeNull();
  });
});

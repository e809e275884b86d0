import { describe, expect, it } from 'vitest';
import { createTraceHashes } from '../accounts/account-traces';
import { searchTermOf } from './member-search';

const hashes = createTraceHashes('test-secret');
const termOf = (q: string) => searchTermOf(q, hashes.ip);

describe('the member search reads what staff typed by its shape (issue 32)', () => {
  it('keeps ids, e-mail prefixes and names as before', () => {
    expect(termOf('#12')).toEqual({ kind: 'id', id: 12 });
    expect(termOf('anna@exa')).toEqual({ kind: 'email', prefix: 'anna@exa' });
    expect(termOf('Anna_Maria')).toEqual({ kind: 'name_or_email', prefix: 'anna_maria' });
  });

  it('recognises an e-mail domain, IP addresses, an IBAN, a mobile number and a payment id', () => {
    expect(termOf('@Example.COM')).toEqual({ kind: 'email_domain', domain: 'example.com' });
    expect(termOf(' 198.51.100.7 ')).toEqual({ kind: 'ip', ipHash: hashes.ip('198.51.100.7') });
    expect(termOf('::ffff:198.51.100.7')).toEqual({ kind: 'ip', ipHash: hashes.ip('198.51.100.7') });
    expect(termOf('2001:DB8::1')).toEqual({ kind: 'ip', ipHash: hashes.ip('2001:db8::1') });
    expect(termOf('nl91 abna 0417 1643 00')).toEqual({ kind: 'iban', iban: 'NL91ABNA0417164300' });
    expect(termOf('+31 6-1234 5678')).toEqual({ kind: 'phone', mobile: '+31612345678' });
    expect(termOf('0031612345678')).toEqual({ kind: 'phone', mobile: '+31612345678' });
    expect(termOf('tr_WvKx3Pq7')).toEqual({ kind: 'payment', paymentId: 'tr_WvKx3Pq7' });
  });

  it('hashes an address with the key, never keeping it readable', () => {
    const hash = hashes.ip('198.51.100.7')!;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(createTraceHashes('another-secret').ip('198.51.100.7')).not.toBe(hash);
    expect(hashes.ip('not an address')).toBeNull();
  });
});

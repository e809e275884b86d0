import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it("records helmet's headers for the options once", () => {
    expect(securityHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: { maxAge: 31_536_000, includeSubDomains: true } })).toEqual({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('leaves out what the options turn off', () => {
    const headers = securityHeaders({ contentSecurityPolicy: false, hsts: false });
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('content-security-policy');
  });
});

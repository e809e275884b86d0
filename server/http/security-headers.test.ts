import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, PERMISSIONS_POLICY, securityHeaders } from './security-headers';

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

describe('PERMISSIONS_POLICY', () => {
  const allowlists = Object.fromEntries(PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=')));

  it('keeps geolocation for the site itself (distances), and nobody else', () => {
    expect(allowlists.geolocation).toBe('(self)');
    expect(Object.entries(allowlists).filter(([, allowlist]) => allowlist !== '()')).toEqual([['geolocation', '(self)']]);
  });

  it('switches off the powerful features the site does not use', () => {
    for (const feature of ['camera', 'microphone', 'payment', 'usb', 'serial', 'hid', 'display-capture', 'browsing-topics'])
      expect(allowlists[feature]).toBe('()');
  });
});

describe('buildContentSecurityPolicy', () => {
  const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

  it('admits no analytics origin when the site has none configured', () => {
    const policy = buildContentSecurityPolicy('n0nce');
    expect(policy).not.toMatch(/googletagmanager|google-analytics|clarity|bing/);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-n0nce' 'strict-dynamic'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
  });

  it("admits the tag manager's origins only with a tag manager", () => {
    const policy = buildContentSecurityPolicy('n0nce', { tag_manager_id: 'GTM-AB12CD3', clarity_id: '' });
    expect(directive(policy, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(policy, 'img-src')).toContain('https://www.googletagmanager.com');
    expect(policy).not.toContain('clarity');
  });

  it("admits Clarity's origins only with a Clarity id, and ignores ids that are not well-formed", () => {
    const policy = buildContentSecurityPolicy('n0nce', { tag_manager_id: 'GTM-<bad>', clarity_id: 'abc123defg' });
    expect(directive(policy, 'script-src')).toContain('https://www.clarity.ms');
    expect(directive(policy, 'connect-src')).toContain('https://*.clarity.ms');
    expect(policy).not.toContain('googletagmanager');
  });
});

import { describe, expect, it } from 'vitest';
import { createSiteUrls } from './site-urls';

describe('createSiteUrls', () => {
  it("writes a public site's links on its domain with the deployment's scheme", () => {
    const urls = createSiteUrls({ scheme: 'https', listenPort: 3000 });
    expect(urls.originOf({ domain: 'flirtzone.example' })).toBe('https://flirtzone.example');
    expect(urls.urlOf({ domain: 'flirtzone.example' }, '/reset-password/do?token=x')).toBe('https://flirtzone.example/reset-password/do?token=x');
    expect(createSiteUrls({ scheme: 'https', port: 8443, listenPort: 3000 }).originOf({ domain: 'a.example' })).toBe('https://a.example:8443');
    expect(createSiteUrls({ scheme: 'https', port: 443, listenPort: 3000 }).originOf({ domain: 'a.example' })).toBe('https://a.example');
  });

  it('reaches a local site over plain HTTP on the port the server listens on', () => {
    const urls = createSiteUrls({ scheme: 'https', listenPort: 3000 });
    expect(urls.originOf({ domain: 'localhost' })).toBe('http://localhost:3000');
    expect(urls.originOf({ domain: 'flirt.localhost' })).toBe('http://flirt.localhost:3000');
    expect(createSiteUrls({ scheme: 'https', port: 8080, listenPort: 3000 }).originOf({ domain: 'localhost' })).toBe('http://localhost:8080');
    expect(createSiteUrls({ scheme: 'https', listenPort: 80 }).originOf({ domain: 'localhost' })).toBe('http://localhost');
  });
});

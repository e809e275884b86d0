import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, name: 'Default', domainLanguage: 'en-US' });
  await createSite(ctx.db, { domain: 'flirt.test', name: 'Édith & <Flirt> Deluxe Club', domainLanguage: 'de-DE', countries: ['DE'] });
});
afterAll(() => ctx.close());

describe('GET /sw.js', () => {
  it('serves the worker for the whole site, never from a stale cache', async () => {
    const response = await ctx.app.inject({ url: '/sw.js', headers: { host: 'flirt.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain("addEventListener('push'");
  });
});

describe('GET /manifest.webmanifest', () => {
  it('describes the site of the host as an installable app, in the brand’s colours', async () => {
    const response = await ctx.app.inject({ url: '/manifest.webmanifest', headers: { host: 'flirt.test' }, cookies: { i18n_redirected: 'de' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: 'Édith & <Flirt> Deluxe Club',
      short_name: 'Édith & <Fli',
      lang: 'de',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#440e24',
      background_color: '#ffffff',
    });
    expect(manifest.icons).toEqual([
      { src: '/app-icon/192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/app-icon/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('names each site after itself', async () => {
    const response = await ctx.app.inject({ url: '/manifest.webmanifest' });
    expect(response.json()).toMatchObject({ name: 'Default', short_name: 'Default' });
  });
});

describe('GET /app-icon/:file', () => {
  it('renders each listed icon at its size in the brand colour', async () => {
    for (const [file, size] of [
      ['192.png', 192],
      ['512.png', 512],
      ['maskable-512.png', 512],
    ] as const) {
      const response = await ctx.app.inject({ url: `/app-icon/${file}`, headers: { host: 'flirt.test' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, size]);
      // A pixel near the top edge, inside the rounded corners: the brand's dark colour.
      const offset = (4 * info.width + Math.round(info.width / 2)) * info.channels;
      expect([...data.subarray(offset, offset + 3)]).toEqual([0x44, 0x0e, 0x24]);
      // The initial is drawn in white across the middle.
      const row = Math.round(size * 0.5);
      let white = 0;
      for (let x = 0; x < size; x++) {
        const at = (row * info.width + x) * info.channels;
        if (data[at] > 240 && data[at + 1] > 240 && data[at + 2] > 240) white++;
      }
      expect(white).toBeGreaterThan(size * 0.05);
    }
  });

  it('gives the plain icon transparent rounded corners and the maskable one a full square', async () => {
    const corner = async (file: string) => {
      const { data, info } = await sharp((await ctx.app.inject({ url: `/app-icon/${file}` })).rawPayload)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[info.channels - 1];
    };
    expect(await corner('512.png')).toBe(0);
    expect(await corner('maskable-512.png')).toBe(255);
  });

  it('answers the same bytes from its cache, and refuses unknown icons with a 4xx', async () => {
    const first = await ctx.app.inject({ url: '/app-icon/192.png' });
    const second = await ctx.app.inject({ url: '/app-icon/192.png' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const url of ['/app-icon/1024.png', '/app-icon/..%2F..%2Fpackage.json', '/app-icon/192.svg']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('GET /offline', () => {
  it('is a self-contained page in the visitor’s language with the site’s name escaped', async () => {
    const response = await ctx.app.inject({ url: '/offline', headers: { host: 'flirt.test' }, cookies: { i18n_redirected: 'de' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('Du bist offline');
    expect(response.body).toContain('&#60;Flirt&#62;');
    expect(response.body).not.toContain('<Flirt>');
    expect(response.body).not.toMatch(/<script|<link|<img/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { DEMO_THEMES } from '../../seed/demo-themes';
import type { SiteRow } from '../../db/schema/index';

/** Each brand's look reaches its pages: the stylesheet link in the page, the sheet, the font. */

let ctx: TestContext;
let plain: SiteRow;
let flirt: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  plain = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  flirt = await createSite(ctx.db, { domain: 'flirt.theme.test', theme: DEMO_THEMES.Flirtzone });
});
afterAll(() => ctx.close());

const stylesheetIn = (html: string) => /<link rel="stylesheet" href="(\/theme\/\d+\.[\w-]+\.css)"/.exec(html)?.[1];

describe('the theme in the page', () => {
  it('links each brand its own stylesheet, and each sheet holds that brand’s colours, font and radius', async () => {
    const plainPage = await ctx.app.inject({ url: '/', headers: { host: ctx.config.defaultSiteDomain } });
    const flirtPage = await ctx.app.inject({ url: '/', headers: { host: 'flirt.theme.test' } });
    const plainHref = stylesheetIn(plainPage.body);
    const flirtHref = stylesheetIn(flirtPage.body);
    expect(plainHref).toMatch(new RegExp(`^/theme/${plain.id}\\.`));
    expect(flirtHref).toMatch(new RegExp(`^/theme/${flirt.id}\\.`));
    expect(flirtPage.body).toContain('<meta name="theme-color" content="#1e1b4b"/>');

    const plainSheet = await ctx.app.inject({ url: plainHref!, headers: { host: ctx.config.defaultSiteDomain } });
    const flirtSheet = await ctx.app.inject({ url: flirtHref!, headers: { host: 'flirt.theme.test' } });
    expect(plainSheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plainSheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(plainSheet.body).toContain('--bs-primary: #d94681;');
    expect(plainSheet.body).not.toContain('@font-face');
    expect(flirtSheet.body).toContain('--bs-primary: #7c3aed;');
    expect(flirtSheet.body).toContain('--bs-border-radius: 2px;');
    expect(flirtSheet.body).toMatch(/@media \(prefers-color-scheme: dark\) \{\n  :root \{\n    --bs-body-bg: #0f0d24;/);

    const font = /url\("(\/theme\/fonts\/montserrat\.[\w-]+\.woff2)"\)/.exec(flirtSheet.body)![1];
    // A late font never reflows the page: it is used if it arrives in time, else the fallback stays.
    expect(flirtSheet.body).toContain('font-display: optional;');
    // …so the page asks for it with its headers, beside its stylesheet; a system-font brand has none.
    expect(String(flirtPage.headers.link)).toContain(`<${flirtHref}>; rel=preload; as=style, <${font}>; rel=preload; as=font; type="font/woff2"; crossorigin`);
    expect(String(plainPage.headers.link)).toContain(`<${plainHref}>; rel=preload; as=style`);
    expect(String(plainPage.headers.link)).not.toContain('as=font');
    const served = await ctx.app.inject({ url: font, headers: { host: 'flirt.theme.test' } });
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([
      200,
      'font/woff2',
      'public, max-age=31536000, immutable',
    ]);
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('wOF2');
  });

  it('answers an old address with today’s sheet, re-checked on every use; another site’s id or an unknown font is not found', async () => {
    const stale = await ctx.app.inject({ url: `/theme/${flirt.id}.oldhash.css`, headers: { host: 'flirt.theme.test' } });
    expect([stale.statusCode, stale.headers['cache-control']]).toEqual([200, 'public, max-age=0, must-revalidate']);
    expect(stale.body).toContain('--bs-primary: #7c3aed;');
    expect((await ctx.app.inject({ url: `/theme/${plain.id}.x.css`, headers: { host: 'flirt.theme.test' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/theme/fonts/comicsans.abc.woff2' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/theme/fonts/inter.wronghash.woff2' })).statusCode).toBe(404);
    // A name that is no stylesheet's is refused by its shape, before any file is looked for.
    expect((await ctx.app.inject({ url: '/theme/..%2F..%2Fpackage.json' })).statusCode).toBe(400);
  });
});

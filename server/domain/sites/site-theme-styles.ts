import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PublicTheme, ThemeFont } from '../../../contract/theme';
import type { SiteRow } from '../../db/schema/index';
import { buildThemeCss, FONT_FACES, hashCss, resolveTheme, themeColumnOf } from './site-theme';

type BundledFont = Exclude<ThemeFont, 'system'>;

export interface ThemeStylesheet {
  css: string;
  hash: string;
  /** `/theme/<site id>.<hash>.css`: a new address for every change, so it can be cached for good. */
  href: string;
}

export interface FontFile {
  data: Buffer;
  hash: string;
}

const require = createRequire(import.meta.url);

/**
 * The per-site stylesheets and the bundled font files (ADR 0041). A stylesheet is worked out
 * once per site row: an edit or a cache refresh brings a new row object, and with it a new text.
 */
export function createSiteThemes(deps: { mediaUrlOf: (key: string) => string }) {
  const stylesheets = new WeakMap<SiteRow, ThemeStylesheet>();
  const preloads = new WeakMap<SiteRow, string>();
  const fonts = new Map<BundledFont, FontFile>();

  function fontFile(font: BundledFont): FontFile {
    let file = fonts.get(font);
    if (!file) {
      const data = fs.readFileSync(require.resolve(FONT_FACES[font].file));
      file = { data, hash: crypto.createHash('sha256').update(data).digest('base64url').slice(0, 10) };
      fonts.set(font, file);
    }
    return file;
  }

  const fontUrl = (font: BundledFont) => `/theme/fonts/${font}.${fontFile(font).hash}.woff2`;

  function stylesheetOf(site: SiteRow): ThemeStylesheet {
    let sheet = stylesheets.get(site);
    if (!sheet) {
      const stored = themeColumnOf(site);
      const css = buildThemeCss(resolveTheme(stored), {
        fontUrl,
        logoUrl: stored.logo_key ? deps.mediaUrlOf(stored.logo_key) : null,
        logoAspect: stored.logo_aspect,
        heroUrl: stored.hero_key ? deps.mediaUrlOf(stored.hero_key) : null,
      });
      const hash = hashCss(css);
      sheet = { css, hash, href: `/theme/${site.id}.${hash}.css` };
      stylesheets.set(site, sheet);
    }
    return sheet;
  }

  return {
    stylesheetOf,
    /** What pages know of the theme (in the site settings). */
    publicThemeOf(site: SiteRow): PublicTheme {
      const stored = themeColumnOf(site);
      return {
        css: stylesheetOf(site).href,
        logo: stored.logo_key ? deps.mediaUrlOf(stored.logo_key) : null,
        hero: stored.hero_key ? deps.mediaUrlOf(stored.hero_key) : null,
        theme_color: resolveTheme(stored).dark,
      };
    },
    /**
     * `Link` header entries for the site's stylesheet and its font: both block the first paint
     * (the font through `font-display: optional`), so the browser should ask for them as soon
     * as the response headers arrive, not when it has parsed the head.
     */
    preloadLinksOf(site: SiteRow): string {
      let links = preloads.get(site);
      if (links === undefined) {
        const { font } = resolveTheme(themeColumnOf(site));
        links = [
          `<${stylesheetOf(site).href}>; rel=preload; as=style`,
          ...(font === 'system' ? [] : [`<${fontUrl(font)}>; rel=preload; as=font; type="font/woff2"; crossorigin`]),
        ].join(', ');
        preloads.set(site, links);
      }
      return links;
    },
    /** A bundled font by the name in its address, or null for any other name. */
    findFont(name: string): FontFile | null {
      return Object.hasOwn(FONT_FACES, name) ? fontFile(name as BundledFont) : null;
    },
  };
}

export type SiteThemes = ReturnType<typeof createSiteThemes>;

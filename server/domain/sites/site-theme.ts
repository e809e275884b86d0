import crypto from 'node:crypto';
import { DEFAULT_THEME, HEX_COLOUR, MAX_THEME_RADIUS, THEME_FONTS, type AdminTheme, type ThemeFields, type ThemeFont } from '../../../contract/theme';
import { DARK_MODE_TEXT, mix, paletteOf, rgbList, shade, tint } from '../../../contract/theme-contrast';
import type { SiteRow, SiteThemeColumn } from '../../db/schema/index';

/**
 * A site's theme as the stylesheet `/theme/<site>.<hash>.css` (ADR 0041): CSS custom properties
 * over Bootstrap 5.3's variables (`--bs-*`) and the brand variables of app/styles/_theme.scss
 * (`--rdv-*`), for light mode and for `prefers-color-scheme: dark`. Nothing is compiled per brand.
 */

/** The bundled fonts: family name as @fontsource declares it, the variable weight range, the fallback stack. */
export const FONT_FACES: Record<Exclude<ThemeFont, 'system'>, { family: string; weights: string; file: string; fallback: string }> = {
  inter: {
    family: 'Inter Variable',
    weights: '100 900',
    file: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    fallback: 'system-ui, sans-serif',
  },
  nunito: {
    family: 'Nunito Variable',
    weights: '200 1000',
    file: '@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2',
    fallback: 'system-ui, sans-serif',
  },
  montserrat: {
    family: 'Montserrat Variable',
    weights: '100 900',
    file: '@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2',
    fallback: 'system-ui, sans-serif',
  },
  lora: { family: 'Lora Variable', weights: '400 700', file: '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2', fallback: 'Georgia, serif' },
};

/** @fontsource's latin subset: other scripts fall back to the next font of the stack. */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** The stored theme with the spec's palette wherever a field is missing or unusable. */
export function resolveTheme(stored: SiteThemeColumn): ThemeFields {
  const colour = (value: unknown, fallback: string) => (typeof value === 'string' && HEX_COLOUR.test(value) ? value : fallback);
  const font = (THEME_FONTS as readonly string[]).includes(stored.font ?? '') ? (stored.font as ThemeFont) : DEFAULT_THEME.font;
  const radius = Number.isInteger(stored.radius) && stored.radius! >= 0 && stored.radius! <= MAX_THEME_RADIUS ? stored.radius! : DEFAULT_THEME.radius;
  return {
    primary: colour(stored.primary, DEFAULT_THEME.primary),
    secondary: colour(stored.secondary, DEFAULT_THEME.secondary),
    dark: colour(stored.dark, DEFAULT_THEME.dark),
    accent: colour(stored.accent, DEFAULT_THEME.accent),
    dark_background: stored.dark_background && HEX_COLOUR.test(stored.dark_background) ? stored.dark_background : null,
    font,
    radius,
  };
}

export function presentAdminTheme(stored: SiteThemeColumn, urlOf: (key: string) => string): AdminTheme {
  return { ...resolveTheme(stored), logo: stored.logo_key ? urlOf(stored.logo_key) : null, hero: stored.hero_key ? urlOf(stored.hero_key) : null };
}

export interface ThemeAssets {
  /** Where the font file of a bundled font is served. */
  fontUrl: (font: Exclude<ThemeFont, 'system'>) => string;
  logoUrl: string | null;
  /** Width over height of the logo (drawn 2rem high). */
  logoAspect?: number;
  heroUrl: string | null;
}

const px = (value: number) => (value === 0 ? '0' : `${value}px`);
/** A url() that no stored key or CDN prefix can break out of. */
const cssUrl = (url: string) => `url("${url.replace(/["\\\n\r]/g, (char) => encodeURIComponent(char))}")`;

function declarations(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
}

/** The stylesheet of one theme; the same theme and assets always give the same text (and hash). */
export function buildThemeCss(theme: ThemeFields, assets: ThemeAssets): string {
  const palette = paletteOf(theme);
  const font = theme.font === 'system' ? null : FONT_FACES[theme.font];
  const parts: string[] = [];
  if (font) {
    // `optional`, not `swap`: a font that arrives after the first paint would reflow every line
    // (the bottom-anchored cookie bar and card grids jump: Lighthouse measured CLS 0.12–0.26).
    // It is preloaded with the page (the `Link` header), so it is usually there in time; when it
    // is not, the page keeps the fallback stack and the next page uses the cached font.
    parts.push(
      `@font-face {\n  font-family: '${font.family}';\n  font-style: normal;\n  font-display: optional;\n  font-weight: ${font.weights};\n  src: ${cssUrl(assets.fontUrl(theme.font as Exclude<ThemeFont, 'system'>))} format('woff2-variations');\n  unicode-range: ${LATIN_RANGE};\n}`,
    );
  }
  const light: Record<string, string> = {
    '--bs-primary': palette.primary,
    '--bs-primary-rgb': rgbList(palette.primary),
    '--bs-secondary': palette.secondary,
    '--bs-secondary-rgb': rgbList(palette.secondary),
    '--bs-dark': palette.dark,
    '--bs-dark-rgb': rgbList(palette.dark),
    '--bs-primary-text-emphasis': shade(palette.primary, 0.6),
    '--bs-primary-bg-subtle': tint(palette.primary, 0.8),
    '--bs-primary-border-subtle': tint(palette.primary, 0.6),
    '--bs-secondary-text-emphasis': shade(palette.secondary, 0.6),
    '--bs-secondary-bg-subtle': tint(palette.secondary, 0.8),
    '--bs-secondary-border-subtle': tint(palette.secondary, 0.6),
    '--bs-link-color': palette.link,
    '--bs-link-color-rgb': rgbList(palette.link),
    '--bs-link-hover-color': palette.linkHover,
    '--bs-link-hover-color-rgb': rgbList(palette.linkHover),
    '--bs-focus-ring-color': `rgba(${rgbList(palette.primary)}, 0.25)`,
    '--bs-border-radius': px(theme.radius),
    '--bs-border-radius-sm': px(Math.round(theme.radius * 0.67)),
    '--bs-border-radius-lg': px(Math.round(theme.radius * 1.33)),
    '--bs-border-radius-xl': px(theme.radius * 2),
    '--bs-border-radius-xxl': px(theme.radius * 4),
    '--rdv-primary': palette.primary,
    '--rdv-secondary': palette.secondary,
    '--rdv-dark': palette.dark,
    '--rdv-accent': palette.accent,
    '--rdv-accent-text': palette.accentText,
    '--rdv-button': palette.button,
    '--rdv-button-hover': palette.buttonHover,
    '--rdv-focus-border': tint(palette.primary, 0.5),
    '--rdv-top-bar': palette.dark,
    '--rdv-logo': assets.logoUrl ? cssUrl(assets.logoUrl) : 'none',
    '--rdv-logo-display': assets.logoUrl ? 'inline-block' : 'none',
    '--rdv-logo-width': `${Math.round(2 * Math.min(Math.max(assets.logoAspect ?? 1, 0.5), 4) * 100) / 100}rem`,
    '--rdv-hero-image': assets.heroUrl ? cssUrl(assets.heroUrl) : 'none',
  };
  if (font) light['--bs-body-font-family'] = `'${font.family}', ${font.fallback}`;
  parts.push(`:root {\n${declarations(light)}\n}`);
  const dark = palette.darkMode;
  const darkMode: Record<string, string> = {
    '--bs-body-bg': dark.background,
    '--bs-body-bg-rgb': rgbList(dark.background),
    '--bs-body-color': DARK_MODE_TEXT,
    '--bs-secondary-bg': dark.secondaryBackground,
    '--bs-secondary-bg-rgb': rgbList(dark.secondaryBackground),
    '--bs-tertiary-bg': dark.tertiaryBackground,
    '--bs-tertiary-bg-rgb': rgbList(dark.tertiaryBackground),
    '--bs-primary-text-emphasis': tint(palette.primary, 0.4),
    '--bs-primary-bg-subtle': shade(palette.primary, 0.8),
    '--bs-primary-border-subtle': shade(palette.primary, 0.4),
    '--bs-secondary-text-emphasis': tint(palette.secondary, 0.4),
    '--bs-secondary-bg-subtle': shade(palette.secondary, 0.8),
    '--bs-secondary-border-subtle': shade(palette.secondary, 0.4),
    '--bs-link-color': dark.link,
    '--bs-link-color-rgb': rgbList(dark.link),
    '--bs-link-hover-color': dark.linkHover,
    '--bs-link-hover-color-rgb': rgbList(dark.linkHover),
  };
  parts.push(`@media (prefers-color-scheme: dark) {\n  :root {\n${declarations(darkMode).replace(/^/gm, '  ')}\n  }\n}`);
  return `${parts.join('\n')}\n`;
}

/** A short content hash: the stylesheet's address changes whenever its text does. */
export function hashCss(css: string): string {
  return crypto.createHash('sha256').update(css).digest('base64url').slice(0, 12);
}

/** The stored theme of a site row (the column may be missing on rows built by hand in tests). */
export const themeColumnOf = (site: Pick<SiteRow, 'theme'>): SiteThemeColumn => site.theme ?? {};

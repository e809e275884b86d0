import { DEFAULT_THEME, type ThemeFields } from './theme';

/**
 * The colours a theme draws with, worked out from the operator's four brand colours, and the
 * text/background pairs among them that must stay readable (WCAG 2.1 AA, 4.5:1 for body text).
 * Pure and shared: the server refuses a theme with `checkThemeContrast`, the console shows the
 * same verdict while the operator picks colours.
 */

export const MIN_TEXT_CONTRAST = 4.5;
const WHITE = '#ffffff';
const BLACK = '#000000';
/** Bootstrap 5.3's body text in dark mode. */
export const DARK_MODE_TEXT = '#dee2e6';

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Sass's `mix($a, $b, $weight)`: `weight` (0–1) of `a`, the rest of `b`, rounded per channel. */
export function mix(a: string, b: string, weight: number): string {
  const [x, y] = [toRgb(a), toRgb(b)];
  return toHex([0, 1, 2].map((i) => x[i] * weight + y[i] * (1 - weight)) as Rgb);
}

/** Bootstrap's `shade-color` / `tint-color`: towards black / white by `weight` (0–1). */
export const shade = (colour: string, weight: number) => mix(BLACK, colour, weight);
export const tint = (colour: string, weight: number) => mix(WHITE, colour, weight);

export const rgbList = (hex: string) => toRgb(hex).join(', ');

/** WCAG 2.1 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Whichever of the candidates reads best on `background`. */
function bestText(background: string, candidates: string[]): string {
  return candidates.reduce((best, next) => (contrastRatio(next, background) > contrastRatio(best, background) ? next : best));
}

/** The first tint of `colour` (in 10 % steps, the colour itself first) readable on `background`. */
function readableTint(colour: string, background: string): string {
  for (let step = 0; step <= 10; step += 1) {
    const candidate = tint(colour, step / 10);
    if (contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return WHITE;
}

/** Every colour the stylesheet uses, light and dark mode. */
export interface ThemePalette {
  primary: string;
  secondary: string;
  dark: string;
  accent: string;
  /** The brand pink of the spec is too light for white text: buttons use it 10 % darker. */
  button: string;
  buttonHover: string;
  accentText: string;
  link: string;
  linkHover: string;
  darkMode: {
    background: string;
    secondaryBackground: string;
    tertiaryBackground: string;
    link: string;
    linkHover: string;
  };
}

export function paletteOf(theme: Pick<ThemeFields, 'primary' | 'secondary' | 'dark' | 'accent' | 'dark_background'>): ThemePalette {
  const background = theme.dark_background ?? shade(theme.dark, 0.6);
  const link = readableTint(theme.primary, background);
  return {
    primary: theme.primary,
    secondary: theme.secondary,
    dark: theme.dark,
    accent: theme.accent,
    button: shade(theme.primary, 0.1),
    buttonHover: theme.secondary,
    accentText: bestText(theme.accent, [theme.dark, WHITE]),
    link: theme.secondary,
    linkHover: theme.dark,
    darkMode: {
      background,
      secondaryBackground: tint(background, 0.12),
      tertiaryBackground: tint(background, 0.06),
      link,
      linkHover: tint(link, 0.3),
    },
  };
}

/** The theme field an operator changes to fix a pair. */
export type ThemeColourField = 'primary' | 'secondary' | 'dark' | 'accent' | 'dark_background';

export interface ContrastPair {
  id: 'button_text' | 'button_hover_text' | 'link' | 'top_bar_text' | 'accent_text' | 'dark_mode_text' | 'dark_mode_link';
  /** How an operator would name it, with the mode. */
  label: string;
  field: ThemeColourField;
  foreground: string;
  background: string;
  ratio: number;
}

/** Every text-on-background pair the theme draws, light and dark mode. */
export function contrastPairs(theme: Pick<ThemeFields, 'primary' | 'secondary' | 'dark' | 'accent' | 'dark_background'>): ContrastPair[] {
  const palette = paletteOf(theme);
  const pair = (id: ContrastPair['id'], label: string, field: ThemeColourField, foreground: string, background: string): ContrastPair => ({
    id,
    label,
    field,
    foreground,
    background,
    ratio: contrastRatio(foreground, background),
  });
  return [
    pair('button_text', 'White text on primary buttons (the primary colour 10% darker)', 'primary', WHITE, palette.button),
    pair('button_hover_text', 'White text on hovered buttons and selected items (secondary colour)', 'secondary', WHITE, palette.buttonHover),
    pair('link', 'Links (secondary colour) on the white page', 'secondary', palette.link, WHITE),
    pair('top_bar_text', 'White text on the top bar (dark colour)', 'dark', WHITE, palette.dark),
    pair('accent_text', 'Text on accent badges', 'accent', palette.accentText, palette.accent),
    pair('dark_mode_text', 'Dark mode: body text on the page background', 'dark_background', DARK_MODE_TEXT, palette.darkMode.background),
    pair(
      'dark_mode_link',
      'Dark mode: links (primary colour, lightened) on the page background',
      theme.dark_background ? 'dark_background' : 'primary',
      palette.darkMode.link,
      palette.darkMode.background,
    ),
  ];
}

/** The ratio as shown: cut, not rounded, so 4.499 never reads as a passing 4.5. */
export const formatRatio = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

/** The pairs below WCAG AA; empty when the theme reads well everywhere. */
export function checkThemeContrast(theme: Pick<ThemeFields, 'primary' | 'secondary' | 'dark' | 'accent' | 'dark_background'>): ContrastPair[] {
  return contrastPairs(theme).filter((pair) => pair.ratio < MIN_TEXT_CONTRAST);
}

/** The default brand's palette, for the stylesheet's built-in values. */
export const DEFAULT_PALETTE = paletteOf(DEFAULT_THEME);

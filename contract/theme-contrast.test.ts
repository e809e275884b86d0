import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from './theme';
import { checkThemeContrast, contrastPairs, contrastRatio, formatRatio, paletteOf, shade, tint } from './theme-contrast';

const theme = (change: Partial<typeof DEFAULT_THEME> = {}) => ({ ...DEFAULT_THEME, ...change });

describe('contrastRatio', () => {
  it('gives WCAG 2.1 ratios: 21 for black on white, 1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#d94681', '#d94681')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('shades and tints as Bootstrap does (the default button is the spec pink 10 % darker)', () => {
    expect(shade('#d94681', 0.1)).toBe('#c33f74');
    expect(tint('#000000', 0.5)).toBe('#808080');
  });
});

describe('checkThemeContrast', () => {
  it('passes the spec palette, the default brand, in light and dark mode', () => {
    expect(checkThemeContrast(DEFAULT_THEME)).toEqual([]);
    expect(contrastPairs(DEFAULT_THEME).map((pair) => pair.id)).toEqual([
      'button_text',
      'button_hover_text',
      'link',
      'top_bar_text',
      'accent_text',
      'dark_mode_text',
      'dark_mode_link',
    ]);
  });

  it('refuses a light primary: white button text falls below 4.5:1, naming the pair, its colours and the field', () => {
    const [failing, ...others] = checkThemeContrast(theme({ primary: '#ff9ec4' }));
    expect(others).toEqual([]);
    expect(failing).toMatchObject({ id: 'button_text', field: 'primary', foreground: '#ffffff', background: shade('#ff9ec4', 0.1) });
    expect(failing.ratio).toBeLessThan(4.5);
    expect(failing.label).toMatch(/primary buttons/);
  });

  it('refuses a light secondary twice: as link colour on white and behind white text', () => {
    expect(checkThemeContrast(theme({ secondary: '#f0a0c0' })).map((pair) => pair.id)).toEqual(['button_hover_text', 'link']);
  });

  it("refuses a top bar too light for its white text (and, as the dark colour is the accent badges' text too, those)", () => {
    expect(checkThemeContrast(theme({ dark: '#9a9a9a' })).map((pair) => pair.id)).toEqual(['top_bar_text', 'accent_text']);
  });

  it('picks the better of white and the dark colour for accent badges and refuses when neither reads', () => {
    expect(paletteOf(theme({ accent: '#ffc107' })).accentText).toBe(DEFAULT_THEME.dark);
    expect(paletteOf(theme({ accent: '#1a1a1a' })).accentText).toBe('#ffffff');
    expect(checkThemeContrast(theme({ accent: '#c85080', dark: '#6a1a3a' })).map((pair) => pair.id)).toEqual(['accent_text']);
  });

  it('lightens the dark-mode link until it reads, and refuses a dark-mode background too light for text', () => {
    const palette = paletteOf(theme({ primary: '#5a1030', secondary: '#4a0d27' }));
    expect(contrastRatio(palette.darkMode.link, palette.darkMode.background)).toBeGreaterThanOrEqual(4.5);
    expect(palette.darkMode.link).not.toBe('#5a1030');
    expect(checkThemeContrast(theme({ dark_background: '#8a8a8a' })).map((pair) => [pair.id, pair.field])).toEqual([
      ['dark_mode_text', 'dark_background'],
      ['dark_mode_link', 'dark_background'],
    ]);
  });
});

describe('formatRatio', () => {
  it('cuts instead of rounding, so a failing 4.499 never reads as 4.50', () => {
    expect(formatRatio(4.499)).toBe('4.49');
    expect(formatRatio(21)).toBe('21.00');
  });
});

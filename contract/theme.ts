import { z } from 'zod';

/**
 * A site's look (issue 19, ADR 0041): its colours, font, corner radius, logo and hero image,
 * applied at request time over Bootstrap's CSS variables. Every field is optional in storage:
 * a missing one is the spec's palette (§9), so a site nobody themed looks as the spec says.
 */

/** The bundled fonts: self-hosted (woff2, latin), `system` loads nothing. */
export const THEME_FONTS = ['system', 'inter', 'nunito', 'montserrat', 'lora'] as const;
export type ThemeFont = (typeof THEME_FONTS)[number];

/** The images a theme has; each is uploaded and re-encoded on its own. */
export const THEME_IMAGES = ['logo', 'hero'] as const;
export type ThemeImage = (typeof THEME_IMAGES)[number];

export const HEX_COLOUR = /^#[0-9a-f]{6}$/;
const colour = z.string().trim().toLowerCase().regex(HEX_COLOUR, 'must be a colour like #d94681');

export const MAX_THEME_RADIUS = 24;

/** The theme fields an operator types (images are uploaded separately). */
export const ThemeFields = z.object({
  primary: colour,
  secondary: colour,
  dark: colour,
  accent: colour,
  /** The page background in dark mode; null derives it from the dark colour. */
  dark_background: colour.nullable(),
  font: z.enum(THEME_FONTS),
  /** Corner radius in CSS pixels (buttons, fields, cards); larger elements get multiples. */
  radius: z.number().int().min(0).max(MAX_THEME_RADIUS),
});
export type ThemeFields = z.infer<typeof ThemeFields>;

/** The spec's palette: the default brand. */
export const DEFAULT_THEME: ThemeFields = {
  primary: '#d94681',
  secondary: '#971f50',
  dark: '#440e24',
  accent: '#ffc107',
  /** null: worked out from the dark colour (see theme-css). */
  dark_background: null,
  font: 'system',
  /** Bootstrap's 0.375rem. */
  radius: 6,
};

/** `PUT /api/admin/sites/:id/theme` — every field, with the site version read. */
export const UpdateThemeInput = ThemeFields.extend({ version: z.number().int().min(1) });
export type UpdateThemeInput = z.infer<typeof UpdateThemeInput>;

/** The console's view of a theme: the fields and where the images are. */
export const AdminTheme = ThemeFields.extend({
  logo: z.string().nullable(),
  hero: z.string().nullable(),
});
export type AdminTheme = z.infer<typeof AdminTheme>;

export const AdminThemeResponse = z.object({
  site_id: z.number().int(),
  version: z.number().int(),
  theme: AdminTheme,
  /** The stylesheet members get, for the console's preview link. */
  css: z.string(),
});
export type AdminThemeResponse = z.infer<typeof AdminThemeResponse>;

export const ThemeImageParams = z.object({ image: z.enum(THEME_IMAGES) });

/** What pages know of the theme (in the site settings): the stylesheet to link and the images. */
export const PublicTheme = z.object({
  css: z.string(),
  logo: z.string().nullable(),
  hero: z.string().nullable(),
  /** The top bar's colour, for `<meta name="theme-color">`. */
  theme_color: z.string(),
});
export type PublicTheme = z.infer<typeof PublicTheme>;

import type { SiteRow } from '../../db/schema/index';
import { resolveTheme } from './site-theme';

/** The page background of the installed app's splash screen. */
const BACKGROUND = '#ffffff';

/** Short names past this are cut by launchers anyway (the manifest spec suggests 12). */
const SHORT_NAME_LENGTH = 12;

export interface SiteBrand {
  name: string;
  shortName: string;
  /** The top bar's colour: the browser's and the installed app's title bar take it. */
  themeColor: string;
  backgroundColor: string;
  accentColor: string;
  /** The first letter of the name, drawn on the app icon. */
  initial: string;
}

/** How a site looks outside its pages: installed app, icons, offline page. */
export function brandOf(site: Pick<SiteRow, 'name'> & Partial<Pick<SiteRow, 'theme'>>): SiteBrand {
  // The site's theme (ADR 0041); the spec's palette where it has none.
  const theme = resolveTheme(site.theme ?? {});
  const name = site.name.trim() || 'Rendezvous';
  const letters = Array.from(name);
  return {
    name,
    shortName: letters.length > SHORT_NAME_LENGTH ? letters.slice(0, SHORT_NAME_LENGTH).join('').trim() : name,
    themeColor: theme.dark,
    backgroundColor: BACKGROUND,
    accentColor: theme.primary,
    initial: (letters.find((letter) => /\p{L}|\p{N}/u.test(letter)) ?? 'R').toLocaleUpperCase(),
  };
}

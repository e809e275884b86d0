import type { SiteRow } from '../../db/schema/index';

/**
 * The colours every brand is drawn in: the spec's palette (§9). Sites have no colour fields
 * of their own yet; when they get them, this is the one place that reads them.
 */
const PALETTE = { dark: '#440e24', primary: '#d94681', background: '#ffffff' } as const;

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
export function brandOf(site: Pick<SiteRow, 'name'>): SiteBrand {
  const name = site.name.trim() || 'Rendezvous';
  const letters = Array.from(name);
  return {
    name,
    shortName: letters.length > SHORT_NAME_LENGTH ? letters.slice(0, SHORT_NAME_LENGTH).join('').trim() : name,
    themeColor: PALETTE.dark,
    backgroundColor: PALETTE.background,
    accentColor: PALETTE.primary,
    initial: (letters.find((letter) => /\p{L}|\p{N}/u.test(letter)) ?? 'R').toLocaleUpperCase(),
  };
}

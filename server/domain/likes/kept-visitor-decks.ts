import type { ProfileCard } from '../../../contract/profiles';
import type { SiteRow } from '../../db/schema/index';
import type { Clock } from '../shared/clock';
import { keepValues } from '../shared/kept-values';

/**
 * How long the faces shown to visitors are kept. A change to what visitors are shown (a profile,
 * a photo, a visibility, a moderator's action, a site's edit) drops them at once on every
 * instance (`forget`); this bounds what no announcement covers: a member coming online, a new
 * member, a birthday.
 */
export const VISITOR_DECK_KEPT_MS = 30_000;

/**
 * The most lists kept at once. The country comes from the visitor's request (any two letters), so
 * the keys are bounded by 676 countries times the niches and sizes asked for: beyond this many,
 * the oldest go first.
 */
export const MAX_KEPT_DECKS = 500;

type VisitorDeck = (site: SiteRow, country: string | null, size?: number) => Promise<ProfileCard[]>;

/**
 * The visitors' faces (home mosaic, landers, a profile landing's row) kept per niche, country
 * and size. They are the same for every visitor of a site and country — no viewer enters the
 * query — and every uncached first visit asked the database for them again: a search of the
 * niche's members on each home page and lander (issue 36). One query per key however many
 * visitors ask at once; a failed one is not kept. The lists are shared and frozen.
 */
export function keepVisitorDecks(visitorDeck: VisitorDeck, deps: { clock: Clock; keptMs?: number }) {
  const kept = keepValues<string, ProfileCard[]>({ clock: deps.clock, keptMs: deps.keptMs ?? VISITOR_DECK_KEPT_MS, maxKeys: MAX_KEPT_DECKS });

  return {
    visitorDeck(site: SiteRow, country: string | null, size?: number): Promise<ProfileCard[]> {
      // The query reads the site's niche only: sites sharing a niche share their faces.
      const key = `${site.niche}|${country ?? ''}|${size ?? ''}`;
      return kept.get(key, () => visitorDeck(site, country, size).then(freezeCards));
    },

    /** How many lists are kept now. */
    get size(): number {
      return kept.size;
    },

    /** Drops every kept list: the next visitor's page reads its faces again. */
    forget(): void {
      kept.forget();
    },
  };
}

function freezeCards(cards: ProfileCard[]): ProfileCard[] {
  for (const card of cards) {
    if (card.main_image) Object.freeze(card.main_image);
    Object.freeze(card);
  }
  return Object.freeze(cards) as ProfileCard[];
}

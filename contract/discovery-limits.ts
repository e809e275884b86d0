/**
 * Numbers the browser needs from the discovery contracts, in a module without zod: a page that
 * imports one of them from contract/profiles.ts would load every schema there (and zod, 27 KB
 * compressed) before its first paint, as the module's side effects (issue 20).
 */

/** Members per page of search results. */
export const SEARCH_PAGE_SIZE = 20;

/** Spec §9: free members like 4 members a day in the swipe game; premium members have no limit. */
export const FREE_SWIPE_LIKES_PER_DAY = 4;

/** The swipe game's day starts at midnight UTC, the same moment for every member wherever they are. */
export function startOfSwipeDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** When the day's free likes come back: the next swipe day's start (shown as "come back at …"). */
export function nextSwipeDay(now: Date): Date {
  return new Date(startOfSwipeDay(now).getTime() + 24 * 60 * 60 * 1000);
}

/**
 * Among search results, one partner card follows every this many members (cycling through the
 * site's cards); a search with fewer members shows none, so an offer never stands in for the
 * members a search was for (ADR 0035).
 */
export const PARTNER_CARD_EVERY = 6;

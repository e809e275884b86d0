/** The members' four sections: the bottom tab bar on phones, the top navigation on wider screens. */
export type NavSection = 'search' | 'likes' | 'messages' | 'profile';

/**
 * The section a page belongs to, by its path. Nested pages belong to the section a member
 * reached them from: a first message to a member (`/members/{id}/chat`) is Messages, not
 * Search, although its path starts with `/members`.
 */
export function activeSection(pathname: string): NavSection | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (/^\/members\/[^/]+\/chat$/.test(path)) return 'messages';
  if (path === '/chats' || path.startsWith('/chats/')) return 'messages';
  if (path === '/likes' || path.startsWith('/likes/') || path === '/match-finder' || path === '/swipe-game') return 'likes';
  // The campaign pages about one member are no part of the members area.
  if (/^\/members\/[^/]+\/(landing|landing2|landing3|signup)(\/|$)/.test(path)) return null;
  if (path === '/members' || path.startsWith('/members/')) return 'search';
  if (path === '/profile' || path === '/notifications' || path === '/transactions' || path.startsWith('/transactions/')) return 'profile';
  return null;
}

/** Spec §9: the credit badge shows at 10 or fewer credits. */
export const LOW_CREDITS = 10;

/**
 * Spec §2: paid members see their balance on the credits link when it is 10 or less — in the
 * warning colour above 0, in the danger colour at 0. Null: no badge.
 */
export function creditBadgeTone(credits: number): 'warning' | 'danger' | null {
  if (credits > LOW_CREDITS) return null;
  return credits > 0 ? 'warning' : 'danger';
}

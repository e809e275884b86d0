import type { NavSection } from './nav-sections';

/** A line icon in the text colour; its shape is in the stylesheet (`_shell.scss`). */
export function NavIcon({ section, className = '' }: { section: NavSection | 'credits'; className?: string }) {
  return <span className={`nav-icon ${ICON_CLASSES[section]} ${className}`.trimEnd()} aria-hidden="true" />;
}

/** Written out whole, so the stylesheet's pruning sees each name the pages use. */
const ICON_CLASSES: Record<NavSection | 'credits', string> = {
  search: 'nav-icon--search',
  likes: 'nav-icon--likes',
  messages: 'nav-icon--messages',
  profile: 'nav-icon--profile',
  credits: 'nav-icon--credits',
};

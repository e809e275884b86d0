import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatBadge, useCounters } from '../../state/counters';
import { activeSection, type NavSection } from './nav-sections';

/** Simple line icons (24 px grid), drawn in the text colour: no icon font to load. */
const ICONS: Record<NavSection, ReactNode> = {
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
  likes: <path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z" />,
  messages: <path d="M4.5 6.5a2 2 0 0 1 2-2h11a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H10l-4 3.5v-3.5h0.5a2 2 0 0 1-2-2Z" />,
  profile: (
    <>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.8 20c.8-3.6 3.7-5.6 7.2-5.6s6.4 2 7.2 5.6" />
    </>
  ),
};

export function NavIcon({ section }: { section: NavSection }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {ICONS[section]}
    </svg>
  );
}

const TABS: { section: NavSection; to: string; label: string }[] = [
  { section: 'search', to: '/members', label: 'nav.search' },
  { section: 'likes', to: '/likes', label: 'nav.likes' },
  { section: 'messages', to: '/chats', label: 'nav.messages' },
  { section: 'profile', to: '/profile', label: 'shell.profile' },
];

/** Phones (< 768 px): the members' four sections at the thumb, with the unread and new-likes badges (spec §2). */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { unreadMessages, newLikes } = useCounters();
  const active = activeSection(pathname);
  const counts: Partial<Record<NavSection, { count: number; label: string }>> = {
    messages: { count: unreadMessages, label: t('nav.unread') },
    likes: { count: newLikes, label: t('nav.new_likes') },
  };
  return (
    <nav className="tab-bar d-md-none" aria-label={t('shell.tabs')} data-testid="tab-bar" data-nowrap-check="tab bar">
      <ul className="tab-bar__list">
        {TABS.map((tab) => {
          const badge = counts[tab.section];
          const isActive = active === tab.section;
          return (
            <li key={tab.section} className="tab-bar__item">
              <Link to={tab.to} className={`tab-bar__link${isActive ? ' active' : ''}`} aria-current={isActive ? 'page' : undefined} data-section={tab.section}>
                <span className="tab-bar__icon">
                  <NavIcon section={tab.section} />
                  {badge && badge.count > 0 && (
                    <span className="badge rounded-pill bg-unread-messages tab-bar__badge" data-testid={`tab-badge-${tab.section}`}>
                      {formatBadge(badge.count)}
                      <span className="visually-hidden"> {badge.label}</span>
                    </span>
                  )}
                </span>
                <span className="tab-bar__label">{t(tab.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { Link } from '../ui/links';
import { formatBadge, useCounters } from '../../state/counters';
import { NavIcon } from './NavIcon';
import { activeSection, type NavSection } from './nav-sections';

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

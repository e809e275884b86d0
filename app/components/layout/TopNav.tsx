import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { Link } from '../ui/links';
import type { User } from '../../../contract/accounts';
import { useRootData } from '../../root';
import { formatBadge, useCounters, useCredits } from '../../state/counters';
import { BackButton } from './BackButton';
import { AccountMenu } from './AccountMenu';
import { LanguageMenu } from './LanguageMenu';
import { NavIcon } from './NavIcon';
import { activeSection, creditBadgeTone, type NavSection } from './nav-sections';

function Badge({ count, label, tone = 'unread-messages' }: { count: number; label: string; tone?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`badge rounded-pill bg-${tone} ms-1`}>
      {formatBadge(count)}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

/** Spec §2: a paid member's balance when it is 10 or less; warning colour above 0, danger at 0. */
function CreditBadge({ credits }: { credits: number }) {
  const tone = creditBadgeTone(credits);
  if (!tone) return null;
  return (
    <span className={`badge rounded-pill ms-1 ${tone === 'warning' ? 'bg-warning text-dark' : 'bg-danger'}`} data-testid="credit-badge">
      {credits}
    </span>
  );
}

/** Credits for paid members, "get premium" for free ones: in the links on wide screens, a compact pill on phones. */
function CreditsLink({ user, compact }: { user: User; compact: boolean }) {
  const { t } = useTranslation();
  // Live: the socket's `counters` event carries the new balance after a purchase or a paid send.
  const credits = useCredits(user.credits);
  const { pathname } = useLocation();
  if (user.paid_user) {
    const current = pathname === '/credits' || pathname.startsWith('/credits/');
    return (
      <Link
        className={compact ? 'btn btn-outline-light btn-sm shell-pill' : `nav-link px-2${current ? ' active' : ''}`}
        to="/credits"
        aria-current={current ? 'page' : undefined}
      >
        {compact && <NavIcon section="credits" className="nav-icon--small" />}
        <span className={compact ? 'visually-hidden' : undefined}>{t('nav.credits')}</span>
        <CreditBadge credits={credits} />
      </Link>
    );
  }
  const current = pathname === '/premium';
  return (
    <Link
      className={compact ? 'btn btn-warning btn-sm shell-pill' : `nav-link px-2${current ? ' active' : ''}`}
      to="/premium"
      aria-current={current ? 'page' : undefined}
    >
      {compact ? (
        <>
          {/* A crown for premium: ★ marks fictional profiles only, everywhere (issue 35). */}
          <span aria-hidden="true">♛ </span>
          {t('shell.premium_short')}
        </>
      ) : (
        t('nav.get_premium')
      )}
    </Link>
  );
}

const LINKS: { section: NavSection; to: string; label: string }[] = [
  { section: 'search', to: '/members', label: 'nav.search' },
  { section: 'messages', to: '/chats', label: 'nav.messages' },
  { section: 'likes', to: '/likes', label: 'nav.likes' },
];

/** Wide screens (≥ 768 px): the members' sections in the top bar (spec §2); phones have the tab bar. */
function MemberLinks({ user }: { user: User }) {
  const { t } = useTranslation();
  const { unreadMessages, newLikes } = useCounters();
  const { pathname } = useLocation();
  const active = activeSection(pathname);
  const badges: Partial<Record<NavSection, { count: number; label: string }>> = {
    messages: { count: unreadMessages, label: t('nav.unread') },
    likes: { count: newLikes, label: t('nav.new_likes') },
  };
  return (
    <ul className="navbar-nav flex-row gap-1 me-auto ms-3 d-none d-md-flex app-navbar__links">
      {LINKS.map((link) => {
        const badge = badges[link.section];
        const isActive = active === link.section;
        return (
          <li className="nav-item" key={link.section}>
            <Link className={`nav-link px-2${isActive ? ' active' : ''}`} to={link.to} aria-current={isActive ? 'page' : undefined}>
              {t(link.label)}
              {badge && <Badge count={badge.count} label={badge.label} />}
            </Link>
          </li>
        );
      })}
      <li className="nav-item">
        <CreditsLink user={user} compact={false} />
      </li>
    </ul>
  );
}

/**
 * The top bar: brand, the members' sections with their badges, language and account. On phones
 * it is one compact line (brand, credits or premium, language, account) above the tab bar;
 * `hideOnPhone`: pages with a top bar of their own there (an open conversation).
 */
export function TopNav({ hideOnPhone = false }: { hideOnPhone?: boolean }) {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  return (
    <header className={`app-header${hideOnPhone ? ' d-none d-md-block' : ''}`}>
      <nav className="navbar navbar-dark navbar-expand app-navbar" aria-label={t('nav.main')} data-nowrap-check="top bar">
        <div className="container app-navbar__inner">
          {/* One group: the bar spreads its children apart, and the back button belongs with the brand. */}
          <div className="d-flex align-items-center app-navbar__brand-group">
            <BackButton />
            <Link className="navbar-brand text-truncate" to={user ? '/members' : '/'}>
              {settings.name}
            </Link>
          </div>
          {user && <MemberLinks user={user} />}
          <div className="d-flex align-items-center gap-2 ms-auto flex-shrink-0 app-navbar__end">
            {user && (
              <span className="d-md-none">
                <CreditsLink user={user} compact />
              </span>
            )}
            <LanguageMenu />
            {user ? (
              <AccountMenu user={user} />
            ) : (
              <Link className="btn btn-light btn-sm text-nowrap" to="/login">
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

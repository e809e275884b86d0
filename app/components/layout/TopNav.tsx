import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { User } from '../../../contract/accounts';
import { useRootData } from '../../root';
import { formatBadge, useCounters, useCredits } from '../../state/counters';
import { BackButton } from './BackButton';
import { LanguageDropdown } from './LanguageDropdown';
import { MemberMenu } from './MemberMenu';

/** Spec §9: the credit badge shows at 10 or fewer credits. */
const LOW_CREDITS = 10;

function Badge({ count, label, tone = 'unread-messages' }: { count: number; label: string; tone?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`badge rounded-pill bg-${tone} ms-1`}>
      {formatBadge(count)}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

function MemberLinks({ user }: { user: User }) {
  const { t } = useTranslation();
  const { unreadMessages, newLikes } = useCounters();
  // Live: the socket's `counters` event carries the new balance after a purchase or a paid send.
  const credits = useCredits(user.credits);
  const link = 'nav-link px-2';
  return (
    <ul className="navbar-nav flex-row gap-1 me-auto ms-3">
      <li className="nav-item">
        <NavLink className={link} to="/members">
          {t('nav.search')}
        </NavLink>
      </li>
      <li className="nav-item">
        <NavLink className={link} to="/chats">
          {t('nav.messages')}
          <Badge count={unreadMessages} label={t('nav.unread')} />
        </NavLink>
      </li>
      <li className="nav-item">
        <NavLink className={link} to="/likes">
          {t('nav.likes')}
          <Badge count={newLikes} label={t('nav.new_likes')} />
        </NavLink>
      </li>
      <li className="nav-item">
        {user.paid_user ? (
          <NavLink className={link} to="/credits">
            {t('nav.credits')}
            {credits <= LOW_CREDITS && (
              <span className={`badge rounded-pill ms-1 ${credits > 0 ? 'bg-warning text-dark' : 'bg-danger'}`} data-testid="credit-badge">
                {credits}
              </span>
            )}
          </NavLink>
        ) : (
          <NavLink className={link} to="/premium">
            {t('nav.get_premium')}
          </NavLink>
        )}
      </li>
    </ul>
  );
}

/** The top navigation: brand, the members' sections with their badges, language and account. */
export function TopNav() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  return (
    <header>
      <nav className="navbar navbar-dark navbar-expand app-navbar" aria-label={t('nav.main')} data-nowrap-check="top bar">
        <div className="container flex-wrap">
          {/* One group: the bar spreads its children apart, and the back button belongs with the brand. */}
          <div className="d-flex align-items-center">
            <BackButton />
            <Link className="navbar-brand" to={user ? '/members' : '/'}>
              {settings.name}
            </Link>
          </div>
          {user && <MemberLinks user={user} />}
          <div className="d-flex align-items-center gap-2 ms-auto">
            <LanguageDropdown />
            {user ? (
              <MemberMenu user={user} />
            ) : (
              <Link className="btn btn-light btn-sm" to="/login">
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

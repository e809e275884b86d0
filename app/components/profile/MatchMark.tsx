import type { TFunction } from 'i18next';
import { Link } from '../ui/links';
import { NavIcon } from '../layout/NavIcon';

/**
 * The mark of a match (both like each other, issue 35) in the chat and likes lists: a heart
 * that leads to the match page. It is a link of its own, so it sits beside the row's link,
 * never inside it. Takes `t` from the list, which draws it many times (issue 20).
 */
export function MatchMark({ profileId, t, className = '' }: { profileId: number; t: TFunction; className?: string }) {
  const label = t('likes.match_mark');
  return (
    <Link to={`/likes/m/${profileId}`} className={`match-mark ${className}`.trimEnd()} title={label} data-testid="match-mark">
      <NavIcon section="likes" className="nav-icon--small" />
      <span className="visually-hidden">{label}</span>
    </Link>
  );
}

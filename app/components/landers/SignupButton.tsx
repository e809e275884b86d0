import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { Link } from '../ui/links';
import { useRootData } from '../../root';
import { useSignupModal } from '../../state/signup-modal';
import type { ProfileTeaser } from '../../../contract/accounts';
import { trackingQuery } from '../../lib/tracking';

/**
 * A lander's call to sign up. With JavaScript it opens the sign-up modal in place (with a member
 * as the target when one is given); without, it is a link to /signup that keeps the campaign's
 * tracking parameters. A member who is already signed in is taken to the members instead.
 */
export function SignupButton({ className, target, label, children }: { className: string; target?: ProfileTeaser; label?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  const { search } = useLocation();
  const openSignup = useSignupModal((state) => state.open);
  if (user) {
    return (
      // The label names a sign-up's action; a member's link without a target says its own text.
      <Link className={className} to={target ? `/members/${target.id}` : '/members'} aria-label={target ? label : undefined}>
        {/* A call to sign up means nothing to a member: they are offered the members instead. */}
        {target ? children : t('landers.common.cta_member')}
      </Link>
    );
  }
  return (
    <Link
      className={className}
      aria-label={label}
      data-testid={target ? 'lander-member' : undefined}
      to={target ? `/members/${target.id}/signup${trackingQuery(search)}` : `/signup${trackingQuery(search)}`}
      onClick={(event) => {
        event.preventDefault();
        openSignup(target?.id, target);
      }}
    >
      {children ?? t('landers.common.cta_signup')}
    </Link>
  );
}

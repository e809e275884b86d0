import { useTranslation } from '../../lib/use-translation';
import { redirect } from 'react-router';
import { Link } from '../../components/ui/links';
import { SignupFlow } from '../../components/account/signup/SignupFlow';
import { ResendActivation } from '../../components/account/ResendActivation';
import { useRootData } from '../../root';
import type { Route } from './+types/complete-signup';

/** A member whose address is confirmed has nothing left to complete: on to the members area. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.user && context.user.status !== 'not_confirmed') throw redirect('/members');
  return null;
}

/** `/complete-signup` — finishing a sign-up begun elsewhere: confirm the address, or sign up. */
export default function CompleteSignup() {
  const { t } = useTranslation();
  const { user } = useRootData();
  return (
    <div className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{t(user ? 'signup.complete_title' : 'signup.title')}</h1>
      {!user && <SignupFlow />}
      {user?.status === 'not_confirmed' && (
        <>
          <p>{t('signup.complete_text', { email: user.email })}</p>
          <ResendActivation />
        </>
      )}
      {user && (
        <Link className="btn btn-primary mt-3" to="/members">
          {t('signup.complete_continue')}
        </Link>
      )}
    </div>
  );
}

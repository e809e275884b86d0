import { useTranslation } from '../../lib/use-translation';
import { redirect } from 'react-router';
import { SignupFlow } from '../../components/account/signup/SignupFlow';
import type { Route } from './+types/signup';

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/members');
  return null;
}

/**
 * Signing up revalidates the root loader (the visitor is a member now); this page's own loader
 * must not run again, or its redirect would take the new member off the completion step ('check
 * your inbox') a moment after it appeared.
 */
export function shouldRevalidate() {
  return false;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/signup` — the sign-up steps on their own page. */
export default function Signup() {
  const { t } = useTranslation();
  return (
    <div className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{t('signup.title')}</h1>
      <SignupFlow />
    </div>
  );
}

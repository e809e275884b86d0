import { useTranslation } from '../../lib/use-translation';
import { redirect, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Link } from '../../components/ui/links';
import { MatchCard } from '../../components/signup-matches/MatchCard';
import type { Route } from './+types/signup-matches';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/signup');
  return { profiles: await context.signupMatches() };
}

/** A like changes nothing this page lists until it is opened again: no reload after each tap. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.href !== nextUrl.href;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/signup-matches` — right after sign-up: members who fit what the new member looks for, to like in one tap. */
export default function SignupMatches() {
  const { t } = useTranslation();
  const { profiles } = useLoaderData<typeof loader>();
  return (
    <div className="container py-4 py-md-5">
      <header className="text-center mx-auto mb-4" style={{ maxWidth: 640 }}>
        <h1 className="h3 fw-bold">{t('signup_matches.title')}</h1>
        <p className="text-body-secondary mb-0">{t('signup_matches.lead')}</p>
      </header>
      {profiles.length > 0 ? (
        <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0">
          {profiles.map((profile, index) => (
            <li className="col" key={profile.id}>
              <MatchCard profile={profile} isAboveFold={index < 4} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-center">{t('signup_matches.empty')}</p>
      )}
      <div className="text-center mt-4">
        <Link className="btn btn-outline-secondary btn-lg" to="/members">
          {t('signup_matches.continue_search')}
        </Link>
      </div>
    </div>
  );
}

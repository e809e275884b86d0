import { useTranslation } from '../../lib/use-translation';
import { Outlet, useMatches } from 'react-router';
import { Link } from '../../components/ui/links';
import type { NamedSocialProof } from '../../../contract/social-proof';
import { SocialProofBar } from '../../components/landers/SocialProofBar';
import { useRootData } from '../../root';
import { SignupModalOnDemand } from '../../components/account/signup/SignupModalOnDemand';
import { Footer } from '../../components/layout/Footer';
import { SiteEntryWarning } from '../../components/layout/SiteEntryWarning';
import { useKeepTracking } from '../../components/landers/use-keep-tracking';

/** Spec §2: landing pages for campaigns get a plain brand bar, the footer and disclaimer. */
export default function LanderLayout() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  useKeepTracking();
  // A campaign lander's loader brings the site's figures (issue 19); the other pages here do not.
  const proof = useMatches()
    .map((match) => (match.data as { proof?: NamedSocialProof } | undefined)?.proof)
    .find(Boolean);
  return (
    <div className="app-shell">
      <a className="visually-hidden-focusable" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <header className="lander-bar py-2">
        <div className="container d-flex flex-wrap align-items-center gap-2 justify-content-between">
          <Link className="text-white fw-bold text-decoration-none fs-5" to="/">
            {settings.name}
          </Link>
          {proof && <SocialProofBar proof={proof} className="social-proof--compact" />}
        </div>
      </header>
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <Footer />
      <SiteEntryWarning isLoggedIn={!!user} />
      <SignupModalOnDemand isMember={!!user} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useRootData } from '../../root';
import { SignupModal } from '../../components/account/signup/SignupModal';
import { Footer } from '../../components/layout/Footer';
import { SiteEntryWarning } from '../../components/layout/SiteEntryWarning';
import { useKeepTracking } from '../../components/landers/use-keep-tracking';

/** Spec §2: landing pages for campaigns get a plain brand bar, the footer and disclaimer. */
export default function LanderLayout() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  useKeepTracking();
  return (
    <div className="app-shell">
      <a className="visually-hidden-focusable" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <header className="lander-bar py-2">
        <div className="container">
          <Link className="text-white fw-bold text-decoration-none fs-5" to="/">
            {settings.name}
          </Link>
        </div>
      </header>
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <Footer />
      <SiteEntryWarning isLoggedIn={!!user} />
      {!user && <SignupModal />}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ActivationReminder } from '../../components/account/ActivationReminder';
import { MemberAlerts } from '../../components/account/MemberAlerts';
import { SignupModal } from '../../components/account/signup/SignupModal';
import { TimeBonus } from '../../components/payment/TimeBonus';
import { WelcomeDiscountBanner } from '../../components/payment/WelcomeDiscountBanner';
import { Footer } from '../../components/layout/Footer';
import { MemberActivity } from '../../components/layout/MemberActivity';
import { useRootData } from '../../root';
import { SiteEntryWarning } from '../../components/layout/SiteEntryWarning';
import { TopNav } from '../../components/layout/TopNav';
import { useInstalledApp } from '../../lib/use-installed-app';

/** Default layout (spec §2): top navigation, page, footer with disclaimer, entry warning, time-bonus modal. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const installedApp = useInstalledApp();
  const { user } = useRootData();
  return (
    <div className="app-shell">
      <a className="visually-hidden-focusable" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <TopNav />
      <ActivationReminder />
      <MemberAlerts />
      <WelcomeDiscountBanner />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <Footer compact={(installedApp || !!user) && pathname !== '/'} />
      <SiteEntryWarning isLoggedIn={!!user} />
      {!user && <SignupModal />}
      {user && <MemberActivity />}
      {/* Always mounted: for a visitor it clears a running time bonus (logout). */}
      <TimeBonus />
    </div>
  );
}

import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Outlet, useLocation } from 'react-router';
import { ActivationReminder } from '../../components/account/ActivationReminder';
import { MemberAlerts } from '../../components/account/MemberAlerts';
import { SignupModalOnDemand } from '../../components/account/signup/SignupModalOnDemand';
import { PageSkeleton } from '../../components/feedback/Skeleton';
import { ToastHost } from '../../components/feedback/ToastHost';
import { TimeBonus } from '../../components/payment/TimeBonus';
import { WelcomeDiscountBanner } from '../../components/payment/WelcomeDiscountBanner';
import { ErrorContent } from '../../components/layout/ErrorPage';
import { Footer } from '../../components/layout/Footer';
import { useRootData } from '../../root';
import { SiteEntryWarning } from '../../components/layout/SiteEntryWarning';
import { TabBar } from '../../components/layout/TabBar';
import { TopNav } from '../../components/layout/TopNav';
import { useInstalledApp } from '../../lib/use-installed-app';
import { usePendingList } from '../../lib/use-pending-list';
import type { Route } from './+types/default';

/** Members only (counters, realtime, the like popup): its code stays off visitors' pages. */
const MemberActivity = lazy(() => import('../../components/layout/MemberActivity').then((module) => ({ default: module.MemberActivity })));

/**
 * Default layout (spec §2): top navigation (a compact top bar and the tab bar on phones), page,
 * footer with disclaimer, entry warning, time-bonus modal, toasts.
 */
function SiteChrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const installedApp = useInstalledApp();
  const { user } = useRootData();
  return (
    <div className={`app-shell${user ? ' app-shell--tabs' : ''}`}>
      <a className="visually-hidden-focusable" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <TopNav />
      <ActivationReminder />
      <MemberAlerts />
      <WelcomeDiscountBanner />
      <main className="app-main" id="main">
        {children}
      </main>
      <Footer compact={(installedApp || !!user) && pathname !== '/'} />
      {user && <TabBar />}
      <ToastHost />
      <SiteEntryWarning isLoggedIn={!!user} />
      <SignupModalOnDemand isMember={!!user} />
      {user && (
        <Suspense fallback={null}>
          <MemberActivity />
        </Suspense>
      )}
      {/* Always mounted: for a visitor it clears a running time bonus (logout). */}
      <TimeBonus />
    </div>
  );
}

export default function DefaultLayout() {
  // A list on its way (the search, the likes, the conversations): its outline instead of the old page.
  const pending = usePendingList();
  return <SiteChrome>{pending ? <PageSkeleton kind={pending} /> : <Outlet />}</SiteChrome>;
}

/** Errors of the site's pages (a 404 included) are shown inside its layout, in the member's language. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <SiteChrome>
      <ErrorContent error={error} t={(key) => t(key)} />
    </SiteChrome>
  );
}

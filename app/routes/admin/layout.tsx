import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from 'react-router';
import { AdminShell } from '../../components/admin/AdminShell';
import { StaffSignIn } from '../../components/admin/StaffSignIn';
import { getConsoleI18n } from '../../lib/console-i18n';
import { catalogueLink, loadCatalogue, useCatalogue } from '../../lib/i18n';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  // The console's texts are a file the browser loads once, not part of every console page (issue 20).
  return { staff: context.staff, catalogue: context.catalogueUrl('en', 'admin') };
}

/** Coming from a member page, the console's texts are fetched before the console shows. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalogue('admin', 'en', data.catalogue);
  return data;
}

export function meta() {
  return [{ title: 'Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * Every console page: the sign-in (password, then code) for anyone not signed in as staff, the
 * console around the page for those who are. The enrolment page stands alone: its visitor has no
 * account yet.
 */
export default function AdminLayout() {
  const { staff, catalogue } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const messages = useCatalogue('admin', 'en', catalogue);
  const i18n = useMemo(() => getConsoleI18n(messages), [messages]);
  const enrolling = pathname === '/admin/enrol';
  return (
    <I18nextProvider i18n={i18n}>
      {catalogueLink('admin', 'en', catalogue)}
      <div className="admin-console" lang="en">
        {enrolling ? <Outlet /> : staff ? <AdminShell staff={staff}><Outlet /></AdminShell> : <StaffSignIn />}
      </div>
    </I18nextProvider>
  );
}

/** The signed-in staff member, from any console page. */
export function useConsoleStaff() {
  return (useRouteLoaderData('routes/admin/layout') as Awaited<ReturnType<typeof loader>> | undefined)?.staff ?? null;
}

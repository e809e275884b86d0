import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from 'react-router';
import { AdminShell } from '../../components/admin/AdminShell';
import { StaffSignIn } from '../../components/admin/StaffSignIn';
import { getConsoleI18n } from '../../lib/console-i18n';
import { catalogueLink, loadCatalogue, useCatalogue } from '../../lib/i18n';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  // The console's texts are a file the browser loads once, not part of every console page (issue 20),
  // in the staff member's own language — before sign-in, the browser's (issue 32).
  const language = context.consoleLanguage;
  return { staff: context.staff, language, catalogue: context.catalogueUrl(language, 'admin') };
}

/** Coming from a member page, or after a change of language, the console's texts are fetched before the console shows. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalogue('admin', data.language, data.catalogue);
  return data;
}

export function meta() {
  return [{ title: 'Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * Every console page: the sign-in (password, then code) for anyone not signed in as staff, the
 * console around the page for those who are. The enrolment page stands alone: its visitor has no
 * account yet. `lang` names the language the console's texts are in, for screen readers and
 * the browser's hyphenation and spelling.
 */
export default function AdminLayout() {
  const { staff, language, catalogue } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const messages = useCatalogue('admin', language, catalogue);
  const i18n = useMemo(() => getConsoleI18n(language, messages), [language, messages]);
  const enrolling = pathname === '/admin/enrol';
  return (
    <I18nextProvider i18n={i18n}>
      {catalogueLink('admin', language, catalogue)}
      <div className="admin-console" lang={language}>
        {enrolling ? (
          <Outlet />
        ) : staff ? (
          <AdminShell staff={staff}>
            <Outlet />
          </AdminShell>
        ) : (
          <StaffSignIn />
        )}
      </div>
    </I18nextProvider>
  );
}

/** The signed-in staff member, from any console page. */
export function useConsoleStaff() {
  return (useRouteLoaderData('routes/admin/layout') as Awaited<ReturnType<typeof loader>> | undefined)?.staff ?? null;
}

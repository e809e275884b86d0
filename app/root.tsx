import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, useLoaderData, useLocation, useRouteLoaderData } from 'react-router';
import { CONSENT_COOKIE, parseConsent, readCookie } from '../contract/consent';
import { sharedSettingsFileOf, splitPageSettings, type InlinePageSettings, type PageSettings } from '../contract/page-settings';
import type { Route } from './+types/root';
import { ConnectionIndicator } from './components/layout/ConnectionIndicator';
import { CookieConsent } from './components/consent/CookieConsent';
import { DemoPaymentsBanner } from './components/layout/DemoPaymentsBanner';
import { ErrorPage } from './components/layout/ErrorPage';
import { PageProgressBar } from './components/layout/PageProgressBar';
import { PageScrollRestoration } from './components/layout/PageScrollRestoration';
import { onAuthenticationLost } from './lib/api-client';
import { catalogueLink, getI18n, loadCatalogue, useCatalogue } from './lib/i18n';
import { registerServiceWorker } from './lib/push/service-worker';
import { loadSiteSettings, siteSettingsLink, usePageSettings } from './lib/site-settings';
import { useNonce } from './lib/nonce';
import appStylesHref from './styles/app.scss?url';

export const links: Route.LinksFunction = () => [
  // With a precedence, React writes the stylesheet at the top of <head>, before the ~30 module
  // preloads. Behind them it waited for a free connection, and the first paint waited for the
  // scripts: Lighthouse's mobile performance went from 85–87 to 95–98 (ADR 0018).
  { rel: 'stylesheet', href: appStylesHref, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/** Every page is titled at least with the site's name; pages add their own in front. */
export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: data.settings.index_title || data.settings.name }] : [{ title: 'Rendezvous' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  // The settings every visitor of the site sees in this language are a cached file the page
  // names (~2 KB of every page's data, issue 20, ADR 0049); the page carries only the rest.
  const settingsFile = await sharedSettingsFileOf(context.settings, context.language);
  return {
    language: context.language,
    /** The address of the language's texts (issue 20): the page renders them, the browser loads the file. */
    catalogue: context.catalogueUrl(context.language, 'common'),
    settings: pageInlineSettings(splitPageSettings(context.settings).inline, !!context.user),
    /** The address of the site's shared settings in this language (`app/lib/site-settings.ts`). */
    settingsFile: settingsFile.url,
    user: context.user,
    paymentsAreDemo: context.paymentsAreDemo,
    /** The visitor's cookie choice (issue 18), so the banner renders the same on server and browser. */
    consent: parseConsent(readCookie(request.headers.get('cookie'), CONSENT_COOKIE)),
    /** What a visitor's first message to a profile will cost, shown in the sign-up (modal too) before they sign up. */
    signupMessagePrice: context.user ? null : context.signupMessagePrice(),
  };
}

/**
 * After the first load (which uses the server's data as it is), a new language's texts are
 * fetched before its data is shown: a language switch changes every text at once.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await Promise.all([loadCatalogue('common', data.language, data.catalogue), loadSiteSettings(data.settingsFile)]);
  return data;
}

/**
 * A member's pages are not for search engines or link previews: they carry none of the texts
 * written for them (~0.3 KB of every member page with the description tag, issue 20).
 */
function pageInlineSettings(inline: InlinePageSettings, forMember: boolean): InlinePageSettings {
  return forMember ? { ...inline, index_title: '', description: '' } : inline;
}

type RootLoaderData = Awaited<ReturnType<typeof loader>>;

/**
 * The company facts pages show (the footer's line, the contact block, the mandate's creditor),
 * from the site's settings file: loaded once per language and cached (spec §7, ADR 0071), not
 * sent again with every page's data.
 */
function pageCompany(settings: PageSettings) {
  return {
    name: settings.company_name,
    address: settings.company_address,
    city: settings.company_city,
    country: settings.company_country,
    support_phone: settings.support_phone,
  };
}

/** The root data as pages read it: the settings whole, the shared file's and the page's own part together. */
export type RootData = Omit<RootLoaderData, 'settings'> & { settings: PageSettings; company: ReturnType<typeof pageCompany> };

/** One object per loader result, as `useRouteLoaderData` gives, for every component that reads it. */
const withSettings = new WeakMap<RootLoaderData, RootData>();

/** The root data with the page's settings; undefined when the root loader itself failed. */
function useRootDataOrNothing(): RootData | undefined {
  const data = useRouteLoaderData('root') as RootLoaderData | undefined;
  const settings = usePageSettings(data?.settings, data?.settingsFile);
  if (!data || !settings) return undefined;
  let rootData = withSettings.get(data);
  if (!rootData || rootData.settings !== settings) {
    rootData = { ...data, settings, company: pageCompany(settings) };
    withSettings.set(data, rootData);
  }
  return rootData;
}

/** The root loader's data from any route; undefined only when the root loader itself failed. */
export function useRootData(): RootData {
  return useRootDataOrNothing() as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootDataOrNothing();
  // A kept page has none (its CSP lists hashes): no empty `nonce=""` on each of its scripts.
  const nonce = useNonce() || undefined;
  // Marks the page interactive (error pages too), for browser tests and for styles that need JavaScript.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', 'true'), []);
  return (
    <html lang={data?.language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={data?.settings.theme.theme_color ?? '#440e24'} />
        <Meta />
        <Links />
        {data && catalogueLink('common', data.language, data.catalogue)}
        {data && siteSettingsLink(data.settingsFile)}
        {/* The site's theme over Bootstrap's variables (ADR 0041): after the app's stylesheet, render-blocking like it, so no flash. */}
        {data?.settings.theme && <link rel="stylesheet" href={data.settings.theme.css} precedence="theme" />}
      </head>
      <body>
        {children}
        <PageScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { language, catalogue, paymentsAreDemo } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const messages = useCatalogue('common', language, catalogue);
  const i18n = useMemo(() => getI18n(language, messages), [language, messages]);
  // Spec §8: a lost session anywhere logs the member out.
  useEffect(() => onAuthenticationLost(() => window.location.assign('/login')), []);
  // The service worker (push, offline page) serves the whole member-facing site, visitors too:
  // the offline page and installing the app are theirs as well. Not the operators' console,
  // which has nothing to push and must always show live data.
  useEffect(() => {
    if (!window.location.pathname.startsWith('/admin')) void registerServiceWorker();
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <PageProgressBar />
      {/* Cookie consent and consented statistics on every member-facing page, not the console. */}
      {!pathname.startsWith('/admin') && <CookieConsent />}
      <ConnectionIndicator />
      <div className="page-frame">
        {paymentsAreDemo && <DemoPaymentsBanner text={i18n.t('demo_banner.text')} closeLabel={i18n.t('alerts.close')} />}
        <Outlet />
      </div>
    </I18nextProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

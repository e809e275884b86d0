import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useRouteLoaderData } from 'react-router';
import { CONSENT_COOKIE, parseConsent, readCookie } from '../contract/consent';
import type { CompanyInfo } from '../contract/site';
import type { Route } from './+types/root';
import { ConnectionIndicator } from './components/layout/ConnectionIndicator';
import { CookieConsent } from './components/consent/CookieConsent';
import { DemoPaymentsBanner } from './components/layout/DemoPaymentsBanner';
import { ErrorPage } from './components/layout/ErrorPage';
import { PageProgressBar } from './components/layout/PageProgressBar';
import { onAuthenticationLost } from './lib/api-client';
import { catalogueLink, getI18n, loadCatalogue, useCatalogue } from './lib/i18n';
import { registerServiceWorker } from './lib/push/service-worker';
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
  // Settings no page reads (the API serves them to whoever needs them): ~1.6 KB of every page's
  // data (issue 20). The company_* fields repeat `company`, which pages read; the legal pages
  // build their text on the server, and the console reads a site's settings from its own API.
  const {
    region_data: _regions,
    search_fields: _searchFields,
    visible_profile_notes: _notes,
    company_id: _companyId,
    company_name: _companyName,
    company_address: _companyAddress,
    company_kvk: _companyKvk,
    company_city: _companyCity,
    company_country: _companyCountry,
    company_tradenames: _companyTradenames,
    company_vat_numbers: _companyVatNumbers,
    company_added: _companyAdded,
    mail_name: _mailName,
    member_resell: _memberResell,
    logged_out_search_trafficsource: _trafficSourceSearch,
    domain_language: _domainLanguage,
    niche: _niche,
    logged_out_search: _loggedOutSearch,
    signup_credits: _signupCredits,
    fictional_plural: _fictionalPlural,
    ...settings
  } = context.settings;
  return {
    language: context.language,
    /** The address of the language's texts (issue 20): the page renders them, the browser loads the file. */
    catalogue: context.catalogueUrl(context.language, 'common'),
    settings,
    company: pageCompany(context.company),
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
  await loadCatalogue('common', data.language, data.catalogue);
  return data;
}

/**
 * The company facts pages show (the footer's line, the contact block, the mandate's creditor);
 * the registration numbers and trade names are in the legal pages' server-built text instead.
 */
function pageCompany({ name, address, city, country, support_phone }: CompanyInfo) {
  return { name, address, city, country, support_phone };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data from any route; undefined only when the root loader itself failed. */
export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const nonce = useNonce();
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
        {/* The site's theme over Bootstrap's variables (ADR 0041): after the app's stylesheet, render-blocking like it, so no flash. */}
        {data?.settings.theme && <link rel="stylesheet" href={data.settings.theme.css} precedence="theme" />}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
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
        {paymentsAreDemo && <DemoPaymentsBanner text={i18n.t('demo_banner.text')} />}
        <Outlet />
      </div>
    </I18nextProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

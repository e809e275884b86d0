import { Component, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { isChunkLoadError, reloadAfterChunkError } from '../../lib/chunk-reload';
import { getI18n, useCatalogue } from '../../lib/i18n';
import { DemoPaymentsBanner } from './DemoPaymentsBanner';

type Translate = (key: string) => string;

/**
 * Texts of last resort: when even the root loader failed there are no translations to use,
 * so the spec's English texts are shown.
 */
const FALLBACK_TEXTS: Record<string, string> = {
  'error_page.not_found': 'This page could not be found',
  'error_page.generic': 'An error has occurred.',
  'error_page.home': 'Go to the home page',
  'error_page.title': 'Error {{status}}',
  'error_page.failed': 'An error occurred while showing the error page',
};

function describe(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText || null;
    return { status: error.status, message };
  }
  // A thrown exception's words are the program's, in English and sometimes revealing: the
  // member reads the spec's generic text in their own language instead.
  return { status: 500, message: null };
}

/**
 * The error's heading, text and home link; inside the site's layout (header and footer) for
 * pages of the default layout, alone when even the layout failed.
 */
export function ErrorContent({ error, t }: { error: unknown; t: Translate }) {
  const { status, message } = describe(error);
  const isNotFound = status === 404;
  return (
    <div className="container py-5 text-center error-page" data-testid="error-page" data-status={status}>
      <p className="error-page__status display-1 fw-bold mb-2">
        <span className="visually-hidden">{t('error_page.title').replace('{{status}}', String(status))}</span>
        <span aria-hidden="true">{status}</span>
      </p>
      <h1 className="h3 mb-4">{isNotFound ? t('error_page.not_found') : message || t('error_page.generic')}</h1>
      <a className="btn btn-primary" href="/">
        {t('error_page.home')}
      </a>
    </div>
  );
}

class ErrorPageBoundary extends Component<{ children: ReactNode; t: Translate }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="container py-5 text-center">
        <p>{this.props.t('error_page.failed')}</p>
        <a href="/">{this.props.t('error_page.home')}</a>
      </main>
    );
  }
}

/** The error page (spec §8): 404 with a link home, other statuses with their message. */
export function ErrorPage({ error }: { error: unknown }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const messages = useCatalogue('common', data?.language ?? 'en', data?.catalogue);
  const t: Translate = data ? (key) => getI18n(data.language, messages).t(key, { defaultValue: FALLBACK_TEXTS[key] }) : (key) => FALLBACK_TEXTS[key] ?? key;

  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);

  return (
    <ErrorPageBoundary t={t}>
      {data?.paymentsAreDemo && <DemoPaymentsBanner text={t('demo_banner.text')} closeLabel={t('alerts.close')} />}
      <main id="main">
        <ErrorContent error={error} t={t} />
      </main>
    </ErrorPageBoundary>
  );
}

import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useRevalidator } from 'react-router';
import { ConsentSettings } from '../../components/consent/ConsentSettings';
import { KeptServerHtml } from '../../components/KeptServerHtml';
import { LegalDocumentView } from '../../components/legal/LegalDocumentView';
import { useDocumentOnly } from '../../lib/document-only';
import type { Route } from './+types/page';
import { formatTermsVersionDate, isLegalPage, loadLegalDocument, type LegalDocument } from './legal-content.server';

/** The Markdown renderer (react-markdown, ~40 KB gzip) loads only where a page is drawn from Markdown in the browser. */
const SafeMarkdown = lazy(() => import('../../components/SafeMarkdown').then((module) => ({ default: module.SafeMarkdown })));

/** What the page shows: a legal or help document, or an operator's page (Markdown or plain paragraphs). */
interface PageText {
  document: LegalDocument;
  markdown?: string;
  showContact: boolean;
  /** On a legal page the operator wrote: the version date the spec derives (§9), already formatted. */
  versionDate?: string;
}
const PAGE_TEXT = 'pages/page-text';

/**
 * `/pages/{token}`: the legal and help pages, or a page the site's operator defined. A document
 * request renders the text as HTML and leaves it out of the loader data (issue 20: the terms
 * were 20 KB of loader data on top of their HTML); a client navigation gets it as data.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { token } = params;
  const text = findPageText(context, token);
  if (!text) throw data('This page could not be found', { status: 404 });
  const page = { title: text.document.title, showConsentSettings: token === 'cookies' };
  if (!context.isDocumentRequest) return { ...page, text };
  context.documentOnly.set(PAGE_TEXT, text);
  return { ...page, text: null };
}

/**
 * A legal page the operator saved replaces the built-in one (issue 32); the complaints page has
 * its own route. Otherwise the built-in legal text, else the operator's extra page.
 */
function findPageText(context: Route.LoaderArgs['context'], token: string): PageText | null {
  const custom = context.findCustomPage(token);
  const legal = isLegalPage(token) && token !== 'complaints';
  if (legal && !custom) return { document: loadLegalDocument(context, token), showContact: token === 'service' };
  if (!custom) return null;
  const versionDate = legal ? formatTermsVersionDate(context) : undefined;
  const document = { title: custom.title, intro: '', sections: [] };
  if (custom.markdown !== undefined) return { document, markdown: custom.markdown, showContact: false, versionDate };
  return { document: { ...document, sections: [{ heading: '', paragraphs: custom.body }] }, showContact: false, versionDate };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.data?.settings.name ?? '';
  return page ? [{ title: `${page.title} | ${siteName}` }] : [];
}

export default function StaticPage() {
  const page = useLoaderData<typeof loader>();
  const serverText = useDocumentOnly<PageText>(PAGE_TEXT);
  const text = page.text ?? serverText;
  const revalidator = useRevalidator();
  const reload = useCallback(() => void revalidator.revalidate(), [revalidator]);
  return (
    <>
      <KeptServerHtml className="page-text" onMissing={reload}>
        {text && <PageTextView text={text} />}
      </KeptServerHtml>
      {/* The cookie statement is where a visitor changes their cookie choice (issue 18). */}
      {page.showConsentSettings && <ConsentSettings />}
    </>
  );
}

function PageTextView({ text }: { text: PageText }) {
  const { t } = useTranslation();
  if (text.markdown === undefined && !text.versionDate) return <LegalDocumentView document={text.document} showContact={text.showContact} />;
  return (
    <article className="container py-4 legal-page" style={{ maxWidth: 860 }}>
      <h1 className="h2">{text.document.title}</h1>
      {text.versionDate && (
        <p className="text-body-secondary" data-testid="legal-version-date">
          {t('legal.version_of', { date: text.versionDate })}
        </p>
      )}
      {text.markdown === undefined ? (
        text.document.sections.flatMap((section) => section.paragraphs).map((paragraph, index) => <p key={index}>{paragraph}</p>)
      ) : (
        <Suspense fallback={null}>
          <SafeMarkdown source={text.markdown} />
        </Suspense>
      )}
    </article>
  );
}

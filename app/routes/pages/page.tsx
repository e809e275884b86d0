import { data, useLoaderData } from 'react-router';
import { ConsentSettings } from '../../components/consent/ConsentSettings';
import type { Route } from './+types/page';
import { LegalDocumentView } from '../../components/legal/LegalDocumentView';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import { isLegalPage, loadLegalDocument } from './legal-content.server';

/** `/pages/{token}`: the legal and help pages, or a page the site's operator defined. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { token } = params;
  if (isLegalPage(token) && token !== 'complaints') {
    return { document: loadLegalDocument(context, token), showContact: token === 'service', showConsentSettings: token === 'cookies' };
  }
  const custom = context.findCustomPage(token);
  if (custom?.markdown !== undefined) {
    return { document: { title: custom.title, intro: '', sections: [] }, markdown: custom.markdown, showContact: false };
  }
  if (custom) {
    return { document: { title: custom.title, intro: '', sections: [{ heading: '', paragraphs: custom.body }] }, showContact: false };
  }
  throw data('This page could not be found', { status: 404 });
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.data?.settings.name ?? '';
  return page ? [{ title: `${page.document.title} | ${siteName}` }] : [];
}

export default function StaticPage() {
  const page = useLoaderData<typeof loader>();
  if ('markdown' in page && page.markdown !== undefined) {
    return (
      <article className="container py-4 legal-page" style={{ maxWidth: 860 }}>
        <h1 className="h2">{page.document.title}</h1>
        <SafeMarkdown source={page.markdown} />
      </article>
    );
  }
  return (
    <>
      <LegalDocumentView document={page.document} showContact={page.showContact} />
      {/* The cookie statement is where a visitor changes their cookie choice (issue 18). */}
      {'showConsentSettings' in page && page.showConsentSettings && <ConsentSettings />}
    </>
  );
}

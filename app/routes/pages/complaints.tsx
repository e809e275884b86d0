import { useLoaderData } from 'react-router';
import type { Route } from './+types/complaints';
import { LegalDocumentView } from '../../components/legal/LegalDocumentView';
import { loadLegalDocument } from './legal-content.server';

/** `/complaints`: how to complain and what happens next, with the ways to reach support. */
export async function loader({ context }: Route.LoaderArgs) {
  return { document: loadLegalDocument(context, 'complaints') };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.data?.settings.name ?? '';
  return page ? [{ title: `${page.document.title} | ${siteName}` }] : [];
}

export default function Complaints() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalDocumentView document={document} showContact />;
}

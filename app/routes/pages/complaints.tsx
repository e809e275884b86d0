import { useLoaderData } from 'react-router';
import type { Route } from './+types/complaints';
import { LegalDocumentView } from '../../components/legal/LegalDocumentView';
import { ComplaintForm } from '../../components/reports/ComplaintForm';
import { loadLegalDocument } from './legal-content.server';

/** `/complaints`: how to complain and what happens next, the ways to reach support, and the complaint form. */
export async function loader({ context }: Route.LoaderArgs) {
  return { document: loadLegalDocument(context, 'complaints') };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.data?.settings.name ?? '';
  return page ? [{ title: `${page.document.title} | ${siteName}` }] : [];
}

export default function Complaints() {
  const { document } = useLoaderData<typeof loader>();
  return (
    <>
      <LegalDocumentView document={document} showContact />
      <div className="container pb-5" style={{ maxWidth: 860 }}>
        <ComplaintForm />
      </div>
    </>
  );
}

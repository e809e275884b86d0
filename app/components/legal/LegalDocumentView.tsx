import { useTranslation } from '../../lib/use-translation';
import type { LegalDocument } from '../../routes/pages/legal-content.server';
import { useRootData } from '../../root';

/** Renders a legal or help page as plain text blocks — never as HTML. */
export function LegalDocumentView({ document, showContact }: { document: LegalDocument; showContact?: boolean }) {
  return (
    <article className="container py-4 legal-page" style={{ maxWidth: 860 }}>
      <h1 className="h2">{document.title}</h1>
      {document.intro && <p className="lead">{document.intro}</p>}
      {showContact && <ContactCard />}
      {document.sections.map((section) => (
        <section key={section.heading || 'body'}>
          {section.heading && <h2>{section.heading}</h2>}
          {section.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

/** Tappable ways to reach support; the phone is dialled without dashes and spaces (spec §9). */
function ContactCard() {
  const { t } = useTranslation();
  const { settings, company } = useRootData();
  const dialable = company.support_phone.replace(/[-\s]/g, '');
  return (
    <div className="card mb-4">
      <div className="card-body">
        <h2 className="h5 mt-0">{t('legal.contact_title')}</h2>
        <ul className="list-unstyled mb-0">
          {settings.support_email && (
            <li>
              {t('legal.contact_email')}: <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
            </li>
          )}
          {company.support_phone && (
            <li>
              {t('legal.contact_phone')}: <a href={`tel:${dialable}`}>{company.support_phone}</a>
            </li>
          )}
          <li>
            {t('legal.contact_post')}: {[company.name, company.address, company.city, company.country].filter(Boolean).join(', ')}
          </li>
        </ul>
      </div>
    </div>
  );
}

import { useTranslation } from '../../lib/use-translation';
import type { MemberProfile } from '../../../contract/profiles';

const FIELDS = ['sexuality', 'relationship_status', 'hair_colour', 'eye_colour', 'body_type', 'tattoos'] as const;

/** A member's details as the site shows them; choices appear in the reader's language. */
export function ProfileDetailsList({ details }: { details: MemberProfile['details'] }) {
  const { t } = useTranslation();
  const rows = FIELDS.filter((field) => details[field]);
  return (
    <div className="mt-4">
      {details.about && <p style={{ whiteSpace: 'pre-wrap' }}>{details.about}</p>}
      {rows.length > 0 && (
        <dl className="row mb-0">
          {rows.map((field) => (
            <div className="col-6 col-lg-4 mb-2" key={field}>
              <dt className="small text-body-secondary fw-normal">{t(`profile.fields.${field}`)}</dt>
              <dd className="mb-0">{t(`profile.${field}.${details[field]}`)}</dd>
            </div>
          ))}
        </dl>
      )}
      {details.interests && details.interests.length > 0 && (
        <ul className="list-inline mt-2" aria-label={t('profile.fields.interests')}>
          {details.interests.map((interest) => (
            <li key={interest} className="list-inline-item badge text-bg-light border mb-1">
              {t(`profile.interests.${interest}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

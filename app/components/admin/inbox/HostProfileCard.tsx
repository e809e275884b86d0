import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { HostMemberProfile } from '../../../../contract/admin/fictional';
import { photoUrl } from '../../../lib/media';

/**
 * One side of a host's conversation: the member's public profile, or the fictional profile the
 * host speaks as. Both show the same public details; every text is rendered as text, never HTML.
 */
export function HostProfileCard({ profile, heading, testId, children }: { profile: HostMemberProfile; heading: string; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const headingId = `${testId}-heading`;
  return (
    <section className="card" aria-labelledby={headingId} data-testid={testId}>
      <div className="card-body">
        <h2 className="h6" id={headingId}>
          {heading}
        </h2>
        <div className="d-flex align-items-center gap-2 mb-2">
          {profile.photo_thumb && <img src={photoUrl(profile.photo_thumb)} alt="" width={56} height={56} className="rounded-circle object-fit-cover" />}
          <div>
            <div className="fw-bold" data-testid={`${testId}-name`}>
              {profile.name}
            </div>
            <div className="small text-body-secondary">
              {t('inbox.age', { age: profile.age })} · {t(`fictional.genders.${profile.gender}`)} · {[profile.city, profile.country].filter(Boolean).join(', ')}
            </div>
          </div>
        </div>
        <p className="small mb-2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {profile.about || <span className="text-body-secondary">{t('inbox.no_about')}</span>}
        </p>
        {profile.interests.length > 0 && (
          <p className="small mb-0">
            <span className="fw-bold">{t('inbox.interests')}:</span> {profile.interests.join(', ')}
          </p>
        )}
        {children}
      </div>
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import type { MemberProfile } from '../../../contract/profiles';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useRootData } from '../../root';
import { useSignupModal } from '../../state/signup-modal';
import { ReportButton } from '../reports/ReportDialog';

/** Like/unlike, gift, message and block/unblock (spec §2 profile view). Visitors are asked to sign up. */
export function ProfileActions({ profile, onMatch }: { profile: MemberProfile; onMatch: () => void }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const openSignup = useSignupModal((state) => state.open);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const call = useApiAction(async (path: string, method: 'POST' | 'DELETE') => api<{ is_match?: boolean }>(path, { method, body: { profile_id: profile.id } }));

  const act = async (path: string, method: 'POST' | 'DELETE') => {
    if (!user) return openSignup(profile.id, profile);
    const result = await call.run(path, method);
    if (result?.is_match) onMatch();
    await revalidator.revalidate();
  };

  if (profile.blocked) {
    return (
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span>{t('profile.you_blocked', { name: profile.name })}</span>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void act('block.php', 'DELETE')}>
          {t('profile.unblock')}
        </button>
      </div>
    );
  }

  return (
    <div>
      <div className="d-flex flex-wrap gap-2">
        {profile.liked ? (
          <button type="button" className="btn btn-outline-primary" aria-pressed="true" onClick={() => void act('like.php', 'DELETE')} disabled={call.pending}>
            {t('profile.unlike')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" aria-pressed="false" onClick={() => void act('like.php', 'POST')} disabled={call.pending}>
            {t('profile.like')}
          </button>
        )}
        {user ? (
          <>
            <Link className="btn btn-outline-secondary" to={`/members/${profile.id}/chat`}>
              {t('profile.message')}
            </Link>
            <Link className="btn btn-outline-secondary" to={`/members/${profile.id}/chat?gift=1`}>
              {t('profile.gift')}
            </Link>
          </>
        ) : (
          <button type="button" className="btn btn-outline-secondary" onClick={() => openSignup(profile.id, profile)}>
            {t('profile.message')}
          </button>
        )}
        {user &&
          (confirmBlock ? (
            <button type="button" className="btn btn-danger" onClick={() => void act('block.php', 'POST')}>
              {t('profile.block_confirm', { name: profile.name })}
            </button>
          ) : (
            <button type="button" className="btn btn-outline-danger" onClick={() => setConfirmBlock(true)}>
              {t('profile.block')}
            </button>
          ))}
        {user && <ReportButton target={{ profile_id: profile.id }} name={profile.name} className="btn btn-outline-secondary" />}
      </div>
      {call.error && (
        <div className="alert alert-danger mt-2" role="alert">
          {call.error.message}
        </div>
      )}
      {profile.is_match && <p className="mt-2 mb-0 fw-semibold text-success-emphasis">{t('profile.is_match')}</p>}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { BlockedMembersResponse } from '../../../contract/profiles';
import { api } from '../../lib/api-client';
import { photoUrl } from '../../lib/media';
import { useApiAction } from '../../lib/use-api-action';
import { useRootData } from '../../root';
import { FormAlert } from '../ui/FormAlert';
import { SettingsSection } from './SettingsSection';

type Blocked = BlockedMembersResponse['blocked'][number];

/** The block list: the members the member blocked, each with an unblock button (ADR 0021). */
export function BlockedMembers() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [blocked, setBlocked] = useState<Blocked[] | null>(null);
  const [unblocked, setUnblocked] = useState<string | null>(null);
  const load = useApiAction(() => api<BlockedMembersResponse>('block.php'));
  const unblock = useApiAction((profileId: number) => api('block.php', { method: 'DELETE', body: { profile_id: profileId } }));

  useEffect(() => {
    void load.run().then((answer) => setBlocked(answer?.blocked ?? []));
    // The list loads once; unblocking updates it in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const lift = async (entry: Blocked) => {
    setUnblocked(null);
    if ((await unblock.run(entry.profile.id)) === undefined) return;
    setBlocked((list) => (list ?? []).filter((item) => item.profile.id !== entry.profile.id));
    setUnblocked(entry.profile.name);
  };

  return (
    <SettingsSection id="blocked" title={t('settings.blocked_title')}>
      <p className="form-text mt-0">{t('settings.blocked_hint')}</p>
      <FormAlert error={load.error ?? unblock.error} />
      {unblocked && (
        <div className="alert alert-success" role="status" data-testid="unblocked">
          {t('settings.unblocked', { name: unblocked })}
        </div>
      )}
      {blocked === null ? (
        load.error ? null : (
          <p className="mb-0">{t('settings.blocked_loading')}</p>
        )
      ) : blocked.length === 0 ? (
        <p className="mb-0 text-body-secondary">{t('settings.blocked_none')}</p>
      ) : (
        <ul className="list-unstyled mb-0" data-testid="blocked-members">
          {blocked.map((entry) => (
            <li key={entry.profile.id} className="d-flex align-items-center gap-2 py-2 border-bottom">
              {entry.profile.main_image ? (
                <img
                  src={photoUrl(entry.profile.main_image.thumb_filename, settings.cdn_prefix)}
                  alt=""
                  width={40}
                  height={40}
                  className="rounded-circle object-fit-cover"
                />
              ) : (
                <span className="rounded-circle bg-secondary d-inline-block" style={{ width: 40, height: 40 }} aria-hidden="true" />
              )}
              <span className="flex-grow-1 text-truncate">{entry.profile.name}</span>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void lift(entry)} disabled={unblock.pending}>
                {t('settings.unblock_name', { name: entry.profile.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

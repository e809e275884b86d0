import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { PUSH_NOTIFICATION_TYPES, type PushNotificationType } from '../../../contract/notifications';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { PushControl } from './PushControl';
import { SaveStatus } from './SaveStatus';
import { SettingsSection } from './SettingsSection';

/**
 * Push notifications on this device (spec §4 states) and which kinds may come as a push,
 * beside the e-mail choices. The kinds are kept even while push is off: they apply to every
 * device the member switches on.
 */
export function PushSettings({ pushOff }: { pushOff: PushNotificationType[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [off, setOff] = useState(new Set<string>(pushOff));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useApiAction((next: string[]) => api('notifications.php', { method: 'PUT', body: { push_off: next } }));

  const toggle = async (type: string, enabled: boolean) => {
    const next = new Set(off);
    if (enabled) next.delete(type);
    else next.add(type);
    const before = off;
    setOff(next);
    if ((await save.run([...next])) === undefined) {
      setOff(before);
      return;
    }
    setSavedAt(Date.now());
    void revalidator.revalidate();
  };

  return (
    <SettingsSection id="push" title={t('push.title')}>
      <PushControl />
      <h3 className="h6 mt-3">{t('push.kinds_title')}</h3>
      {PUSH_NOTIFICATION_TYPES.map((type) => (
        <div className="form-check form-switch mb-2" key={type}>
          <input className="form-check-input" type="checkbox" role="switch" id={`push-${type}`} checked={!off.has(type)} onChange={(e) => void toggle(type, e.target.checked)} />
          <label className="form-check-label" htmlFor={`push-${type}`}>
            {t(`settings.notification_types.${type}`)}
          </label>
        </div>
      ))}
      <SaveStatus savedAt={savedAt} error={save.error} />
    </SettingsSection>
  );
}

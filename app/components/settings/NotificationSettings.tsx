import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { NOTIFICATION_TYPES } from '../../../contract/notifications';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { SaveStatus } from './SaveStatus';
import { SettingsSection } from './SettingsSection';

/** Which notification e-mails the member receives; saved at every change, and says so. */
export function NotificationSettings({ disabled }: { disabled: string[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [off, setOff] = useState(new Set(disabled));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useApiAction((next: string[]) => api('notifications.php', { method: 'PUT', body: { email_off: next } }));

  const toggle = async (type: string, enabled: boolean) => {
    const next = new Set(off);
    if (enabled) next.delete(type);
    else next.add(type);
    const before = off;
    setOff(next);
    if ((await save.run([...next])) === undefined) {
      // Not stored: the switch shows what the server still has.
      setOff(before);
      return;
    }
    setSavedAt(Date.now());
    void revalidator.revalidate();
  };

  return (
    <SettingsSection id="notifications" title={t('settings.notifications_title')}>
      {NOTIFICATION_TYPES.map((type) => (
        <div className="form-check form-switch mb-2" key={type}>
          <input className="form-check-input" type="checkbox" role="switch" id={`notify-${type}`} checked={!off.has(type)} onChange={(e) => void toggle(type, e.target.checked)} />
          <label className="form-check-label" htmlFor={`notify-${type}`}>
            {t(`settings.notification_types.${type}`)}
          </label>
        </div>
      ))}
      {/* Below the switches: the message appearing does not move the switch under the member's finger. */}
      <SaveStatus savedAt={savedAt} error={save.error} />
    </SettingsSection>
  );
}

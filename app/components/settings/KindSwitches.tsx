import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { SaveStatus } from './SaveStatus';

/**
 * One switch per notification kind for one channel (`email_off` or `push_off` of
 * `PUT /api/notifications.php`), saved at every change, and saying so.
 */
export function KindSwitches({
  kinds,
  off: initiallyOff,
  field,
  idPrefix,
}: {
  kinds: readonly string[];
  off: readonly string[];
  field: 'email_off' | 'push_off';
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [off, setOff] = useState(new Set(initiallyOff));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useApiAction((next: string[]) => api('notifications.php', { method: 'PUT', body: { [field]: next } }));

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
    <>
      {kinds.map((type) => (
        <div className="form-check form-switch mb-2" key={type}>
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={`${idPrefix}-${type}`}
            checked={!off.has(type)}
            onChange={(e) => void toggle(type, e.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${idPrefix}-${type}`}>
            {t(`settings.notification_types.${type}`)}
          </label>
        </div>
      ))}
      {/* Below the switches: the message appearing does not move the switch under the member's finger. */}
      <SaveStatus savedAt={savedAt} error={save.error} />
    </>
  );
}

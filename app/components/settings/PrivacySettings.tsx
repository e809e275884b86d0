import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { SaveStatus } from './SaveStatus';
import { SettingsSection } from './SettingsSection';

/** Invisible mode: out of search results and other members' lists. */
export function PrivacySettings({ invisible }: { invisible: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [on, setOn] = useState(invisible);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useApiAction((value: boolean) => api('account.php', { method: 'PUT', body: { invisible: value } }));
  const change = async (value: boolean) => {
    setOn(value);
    if ((await save.run(value)) === undefined) {
      setOn(!value);
      return;
    }
    setSavedAt(Date.now());
    void revalidator.revalidate();
  };
  return (
    <SettingsSection id="privacy" title={t('settings.privacy_title')}>
      <div className="form-check form-switch">
        <input className="form-check-input" type="checkbox" role="switch" id="invisible-mode" checked={on} onChange={(e) => void change(e.target.checked)} />
        <label className="form-check-label" htmlFor="invisible-mode">
          {t('settings.invisible')}
        </label>
      </div>
      <p className="form-text mb-0">{t('settings.invisible_hint')}</p>
      <SaveStatus savedAt={savedAt} error={save.error} />
    </SettingsSection>
  );
}

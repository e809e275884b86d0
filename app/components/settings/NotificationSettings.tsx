import { useTranslation } from '../../lib/use-translation';
import { NOTIFICATION_TYPES } from '../../../contract/notifications';
import { KindSwitches } from './KindSwitches';
import { SettingsSection } from './SettingsSection';

/** Which notification e-mails the member receives. */
export function NotificationSettings({ disabled }: { disabled: string[] }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="notifications" title={t('settings.notifications_title')}>
      <KindSwitches kinds={NOTIFICATION_TYPES} off={disabled} field="email_off" idPrefix="notify" />
    </SettingsSection>
  );
}

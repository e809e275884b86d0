import { useTranslation } from '../../lib/use-translation';
import { PUSH_NOTIFICATION_TYPES, type PushNotificationType } from '../../../contract/notifications';
import { KindSwitches } from './KindSwitches';
import { PushControl } from './PushControl';
import { SettingsSection } from './SettingsSection';

/**
 * Push notifications on this device (spec §4 states) and which kinds may come as a push,
 * beside the e-mail choices. The kinds are kept even while push is off: they apply to every
 * device the member switches on.
 */
export function PushSettings({ pushOff }: { pushOff: PushNotificationType[] }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="push" title={t('push.title')}>
      <PushControl />
      <h3 className="h6 mt-3">{t('push.kinds_title')}</h3>
      <KindSwitches kinds={PUSH_NOTIFICATION_TYPES} off={pushOff} field="push_off" idPrefix="push" />
    </SettingsSection>
  );
}

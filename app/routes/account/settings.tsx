import { useTranslation } from '../../lib/use-translation';
import { redirect } from 'react-router';
import { MailStoppedNotice } from '../../components/account/MailStoppedNotice';
import { BlockedMembers } from '../../components/settings/BlockedMembers';
import { DeleteAccount } from '../../components/settings/DeleteAccount';
import { EmailSettings } from '../../components/settings/EmailSettings';
import { NotificationSettings } from '../../components/settings/NotificationSettings';
import { PasswordSettings } from '../../components/settings/PasswordSettings';
import { PushSettings } from '../../components/settings/PushSettings';
import { PrivacySettings } from '../../components/settings/PrivacySettings';
import { useRootData } from '../../root';
import type { Route } from './+types/settings';

export function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/notifications` — the member's settings (spec §2). */
export default function Settings() {
  const { t } = useTranslation();
  const { user } = useRootData();
  if (!user) return null;
  const focus = (section: string) => document.getElementById(section)?.scrollIntoView({ behavior: 'smooth' });
  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-4">{t('settings.title')}</h1>
      {user.notifications_disabled.length > 0 && (
        <div className="alert alert-warning" data-testid="mail-stopped">
          <MailStoppedNotice reasons={user.notifications_disabled} email={user.email} />
        </div>
      )}
      <NotificationSettings disabled={user.notification_settings.email_off} />
      <PushSettings pushOff={user.notification_settings.push_off} />
      <PrivacySettings invisible={user.invisible} />
      <BlockedMembers />
      <EmailSettings email={user.email} />
      <PasswordSettings />
      <DeleteAccount onShowAlternative={focus} />
    </div>
  );
}

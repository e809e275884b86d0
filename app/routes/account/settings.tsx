import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { BlockedMembers } from '../../components/settings/BlockedMembers';
import { DeleteAccount } from '../../components/settings/DeleteAccount';
import { EmailSettings } from '../../components/settings/EmailSettings';
import { NotificationSettings } from '../../components/settings/NotificationSettings';
import { PasswordSettings } from '../../components/settings/PasswordSettings';
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
      <NotificationSettings disabled={user.notification_settings.email_off} />
      <PrivacySettings invisible={user.invisible} />
      <BlockedMembers />
      <EmailSettings email={user.email} />
      <PasswordSettings />
      <DeleteAccount onShowAlternative={focus} />
    </div>
  );
}

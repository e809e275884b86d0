import type { User } from '../../../contract/accounts';
import { isSupportedLanguage } from '../../../contract/locales';
import type { AccountRecord } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';

/** The member's own view of their account (spec §3 User). */
export function presentUser({ user, profile, mainPhoto }: AccountRecord, site: Pick<SiteRow, 'fictionalIcon'>): User {
  return {
    id: user.id,
    status: user.status,
    email: user.email,
    credits: user.credits,
    paid_user: user.paidUser,
    fictional_icon: site.fictionalIcon,
    notifications_disabled: user.notificationsDisabled as User['notifications_disabled'],
    notification_settings: {
      email_off: user.emailNotificationsOff as User['notification_settings']['email_off'],
      push_off: user.pushNotificationsOff as User['notification_settings']['push_off'],
    },
    language: isSupportedLanguage(user.language) ? user.language : 'en',
    invisible: user.isInvisible,
    created_at: user.createdAt.toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      status: profile.status,
      gender: profile.gender,
      seeking: profile.seeking,
      date_of_birth: profile.dateOfBirth,
      main_image: mainPhoto ? { filename: mainPhoto.filename, thumb_filename: mainPhoto.thumbFilename, status: mainPhoto.status } : null,
    },
  };
}

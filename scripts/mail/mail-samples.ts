import fs from 'node:fs';
import { NOTIFICATION_TYPES, type NotificationType } from '../../contract/notifications';
import { SUPPORTED_LANGUAGES, type Language } from '../../contract/locales';
import type { Mailer, OutgoingMail } from '../../server/adapters/mail/mail.port';
import type { SiteRow } from '../../server/db/schema/index';
import { MAIL_KINDS, createMailService } from '../../server/domain/mail/mail.service';
import { buildNotificationMail } from '../../server/domain/mail/notification-mail';
import { createSiteUrls } from '../../server/domain/sites/site-urls';
import type { Translator } from '../../server/i18n/translator';

/**
 * Every mail Rendezvous sends, in every language, for one sample site and member: the account
 * mails and every notification template. The template test checks each is drawn in the shared
 * frame; `npm run mail:spam-scores` scores each with SpamAssassin.
 */
export const SAMPLE_SITE = {
  id: 7,
  domain: 'flirtzone.example',
  name: 'Flirtzone',
  mailName: 'Flirtzone Team',
  supportEmail: 'hello@flirtzone.example',
  companyName: 'Flirtzone B.V.',
  companyAddress: 'Keizersgracht 1',
  companyCity: 'Amsterdam',
  companyCountry: 'NL',
  theme: {},
} as unknown as SiteRow;

export const SAMPLE_COMPANY_LINE = 'Flirtzone B.V. · Keizersgracht 1 · Amsterdam, NL';

export const sampleUrls = createSiteUrls({ scheme: 'https', listenPort: 3000 });

/** A value for every placeholder the texts use; a text naming any other would stay `{{…}}`. */
export const SAMPLE_VALUES = {
  amount: '€ 19,99',
  balance: 40,
  count: 3,
  credits: 120,
  days: 14,
  debt: '€ 4,00',
  debt_note: '',
  likes: 5,
  minutes: 30,
  new_email: 'anna.new@example.com',
  new_members: 12,
  number: 2,
  order: 881,
  order_id: 881,
  percentage: 20,
  reason: 'AM04',
  reply: 'Thank you, we have looked into it.',
  sender_name: 'Marco',
};

/** The notification templates (`notify.*` in the member texts). */
export const NOTIFICATION_TEMPLATES = Object.keys(
  (JSON.parse(fs.readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as { notify: Record<string, unknown> }).notify,
);

/** The notification kind a template goes out as (its unsubscribe link names that kind). */
export function notificationKindOf(template: string): NotificationType {
  if ((NOTIFICATION_TYPES as readonly string[]).includes(template)) return template as NotificationType;
  if (template === 'match') return 'like';
  if (template === 'welcome_discount') return 'promotions';
  return 'reminders';
}

export interface SampleMail {
  language: Language;
  /** `activation`, … or `notify.<template>`. */
  name: string;
  link: string;
  mail: OutgoingMail;
}

/** Renders every sample mail; `deliver` (optional) sends each on, e.g. to a signing outbox. */
export async function renderEveryMail(translator: Translator, deliver?: Mailer): Promise<SampleMail[]> {
  const samples: SampleMail[] = [];
  for (const language of SUPPORTED_LANGUAGES) {
    let last: OutgoingMail | undefined;
    const mail = createMailService({ mailer: { send: async (outgoing) => void (last = outgoing) }, translator, urls: sampleUrls });
    for (const kind of MAIL_KINDS) {
      const link = `https://flirtzone.example/account/${kind}?token=abc`;
      await mail.send(kind, SAMPLE_SITE, { email: 'anna@example.com', name: 'Anna', language }, link, SAMPLE_VALUES);
      samples.push({ language, name: kind, link, mail: last! });
    }
    const t = translator.forLanguage(language);
    for (const template of NOTIFICATION_TEMPLATES) {
      const notification = buildNotificationMail(t, sampleUrls, {
        site: SAMPLE_SITE,
        to: { email: 'anna@example.com', name: 'Anna', language },
        kind: notificationKindOf(template),
        content: { template, values: SAMPLE_VALUES, path: '/likes' },
        unsubscribe: { oneClickUrl: 'https://flirtzone.example/api/unsubscribe.php?token=t1', pageUrl: 'https://flirtzone.example/unsubscribe?token=t1' },
        messageId: `<n-${template}-${language}@flirtzone.example>`,
      });
      samples.push({ language, name: `notify.${template}`, link: 'https://flirtzone.example/likes', mail: notification });
    }
  }
  for (const sample of samples) await deliver?.send(sample.mail);
  return samples;
}

import { createWebPushSender } from '../adapters/push/web-push-sender';
import { createVapidSubject } from '../adapters/push/vapid-subject';
import { createDiscountCodesRepository } from '../db/repositories/discount-codes.repository';
import { createMailRecipientsRepository } from '../db/repositories/mail-recipients.repository';
import { createNewsBroadcastsRepository } from '../db/repositories/news-broadcasts.repository';
import { createNotificationFactsRepository } from '../db/repositories/notification-facts.repository';
import { createPushSubscriptionsRepository } from '../db/repositories/push-subscriptions.repository';
import type { AccountLinks } from '../domain/accounts/account-links.service';
import { createVerpTokens } from '../domain/mail/verp-token';
import { createLikeNotifications } from '../domain/notifications/like-notifications';
import { createMailEventsService } from '../domain/notifications/mail-events.service';
import { createPipedMailService } from '../domain/notifications/piped-mail.service';
import { createMessageNotifications } from '../domain/notifications/message-notifications';
import { createNotifier } from '../domain/notifications/notifier';
import type { Notifier } from '../domain/notifications/notifier.port';
import { createPushSubscriptionsService } from '../domain/notifications/push-subscriptions.service';
import { createNewsBroadcastsService } from '../domain/notifications/scheduled/news-broadcasts.service';
import { createScheduledNotificationJobs } from '../domain/notifications/scheduled/scheduled-jobs';
import { createUnreadReminders } from '../domain/notifications/unread-reminders';
import { createUnsubscribeService } from '../domain/notifications/unsubscribe.service';
import type { SitesService } from '../domain/sites/sites.service';
import type { ServiceOverrides } from '../service-overrides';
import type { AreaEvents } from './events';
import type { Platform } from './platform';
import type { Stores } from './stores';

export type Notifications = ReturnType<typeof composeNotifications>;

interface NotificationDeps {
  links: AccountLinks;
  sites: SitesService;
  events: AreaEvents;
  overrides: Pick<ServiceOverrides, 'notifier' | 'pushSender' | 'pushEndpoints'>;
}

/**
 * Everything that brings members back (issue 17), wired once: the notifier every mail and push
 * goes through (ADR 0029), the rules that decide after a message or a like, the scheduled
 * notifications, the unsubscribe links and the mail provider's events, and Web Push.
 */
export function composeNotifications(platform: Platform, stores: Stores, deps: NotificationDeps) {
  const { config, db, clock, secrets, mailer, translator, siteUrls } = platform;
  const { overrides } = deps;
  // A job due at once wakes the in-process runner (made last; it subscribes to `jobsDue`).
  const wakeJobs = deps.events.jobsDue.emit;
  // Web Push: the browsers members subscribed, and delivery to their push services (signed with
  // the app's VAPID keys, so the same on every instance).
  const pushSubscriptionsRepository = createPushSubscriptionsRepository(db);
  const pushSubscriptions = createPushSubscriptionsService({ subscriptions: pushSubscriptionsRepository, clock });
  const pushSender =
    overrides.pushSender ??
    createWebPushSender({
      subscriptions: pushSubscriptionsRepository,
      vapid: secrets.vapid,
      subject: createVapidSubject({
        configured: config.push.vapidSubject,
        defaultDomain: config.defaultSiteDomain,
        findDefaultSupportEmail: async () => (await deps.sites.resolveSite(config.defaultSiteDomain)).supportEmail,
      }),
      clock,
      endpoints: overrides.pushEndpoints,
    });
  const notifier: Notifier =
    overrides.notifier ??
    createNotifier({
      db,
      mailer,
      translator,
      urls: siteUrls,
      unsubscribeSecret: secrets.unsubscribeSecret,
      unsubscribeMailbox: config.mailStreams.unsubscribeLocalPart,
      clock,
      push: pushSender,
    });
  const facts = createNotificationFactsRepository(db);
  // The event notifications: enqueued after a send or like commits, decided when their jobs run.
  const messages = createMessageNotifications({ jobs: stores.jobs, facts, notifier, clock, onDueNow: wakeJobs });
  const likes = createLikeNotifications({ jobs: stores.jobs, likes: stores.likes, facts, notifier, clock, onDueNow: wakeJobs });
  const unreadReminders = createUnreadReminders({ facts, notifier, clock });
  // The unsubscribe links of notification mails, and the mail provider's bounce and complaint events.
  const mailRecipients = createMailRecipientsRepository(db);
  const unsubscribe = createUnsubscribeService({ recipients: mailRecipients, secret: secrets.unsubscribeSecret });
  const mailEvents = createMailEventsService({ recipients: mailRecipients, secret: config.mailEventsSecret });
  // Bounces to the VERP addresses and mails to the unsubscribe address, piped in by the operator's MTA.
  const pipedMail = createPipedMailService({
    secret: config.mailEventsSecret,
    streams: config.mailStreams,
    verp: createVerpTokens(secrets.unsubscribeSecret),
    recipients: mailRecipients,
    mailEvents,
    unsubscribe,
  });
  // Operators' news broadcasts: stored here, sent by the scheduled notification jobs.
  const newsBroadcasts = createNewsBroadcastsService({ broadcasts: createNewsBroadcastsRepository(db), sites: stores.sites, jobs: stores.jobs, clock });
  // Promotions, weekly digest, news, reminders: their sweeps and the weekly job are
  // SCHEDULED_NOTIFICATION_SCHEDULES, the batch kinds' concurrency SCHEDULED_NOTIFICATION_CONCURRENCY.
  const scheduled = createScheduledNotificationJobs({ db, jobs: stores.jobs, codes: createDiscountCodesRepository(db), links: deps.links, notifier, clock });

  return {
    notifier,
    unsubscribe,
    mailEvents,
    pipedMail,
    pushSubscriptions,
    pushSender,
    newsBroadcasts,
    /** The event notification rules (issue 17). */
    eventNotifications: { messages, likes, unreadReminders },
    /** The scheduled notification rules (issue 17). */
    scheduledNotifications: scheduled,
  };
}

import type { Clock } from './domain/shared/clock';
import type { GeoService } from './adapters/geo/geo.port';
import type { Mailer } from './adapters/mail/mail.port';
import type { MediaStorage } from './adapters/storage/storage.port';
import type { EventBus } from './realtime/event-bus';
import type { SiteChangeBus } from './realtime/site-change-bus';
import type { PageChangeBus } from './realtime/page-change-bus';
import type { WebhookDelivery } from './adapters/payments/demo-provider';
import type { PaymentProvider } from './adapters/payments/payment-provider.port';
import type { SmsSender } from './adapters/sms/sms.port';
import type { JobHandler, JobRunnerOptions } from './jobs/job-runner';
import type { JobSchedule } from './jobs/job-schedules';
import type { Notifier, PushSender } from './domain/notifications/notifier.port';
import type { EndpointPolicy } from './adapters/push/push-endpoint-guard';
import type { TxtResolver } from './domain/mail/mail-dns';
import type { Metrics } from './observability/metrics';
import type { Translator } from './i18n/translator';

/** What a test, a bench or the worker process replaces in the wiring of `createServices`. */
export interface ServiceOverrides {
  clock?: Clock;
  /** Texts other than the shipped files (tests give the console a language of their own). */
  translator?: Translator;
  geo?: GeoService;
  /** Both mail streams' transport (the bulk one too, unless `bulkMailer` is given). */
  mailer?: Mailer;
  /** The bulk stream's transport (tests make it fail to show transactional mail still leaves). */
  bulkMailer?: Mailer;
  /** Answers the console's DNS checks of mail records (tests give fixed answers). */
  dnsResolver?: TxtResolver;
  storage?: MediaStorage;
  /** Chat photos: never served as static files. */
  privateStorage?: MediaStorage;
  bus?: EventBus;
  /** Announces operators' site changes to every instance (tests pass one per simulated instance). */
  siteChanges?: SiteChangeBus;
  /** Announces changes to pages visitors see (a member's profile), for the page cache of every instance. */
  pageChanges?: PageChangeBus;
  /** How the demo payment provider delivers its webhooks (tests hand them to the app directly). */
  demoWebhookDelivery?: WebhookDelivery;
  /** Replaces the configured payment provider (tests use recorded or scripted providers). */
  paymentProvider?: PaymentProvider;
  /** Replaces the SMS transport (tests read the codes from a recording sender). */
  smsSender?: SmsSender;
  /**
   * Adds job handlers and schedules to the app's own, or tunes the runner (tests run a kind of
   * their own in real worker processes; benches tune concurrency).
   */
  jobs?: { handlers?: Record<string, JobHandler>; schedules?: JobSchedule[] } & Pick<
    JobRunnerOptions,
    'concurrency' | 'pollMs' | 'maxAttempts' | 'retryBaseMs' | 'log'
  >;
  /** Replaces Web Push delivery (tests record the pushes instead of calling push services). */
  pushSender?: PushSender;
  /** Lets the real Web Push sender reach a test's push service (http, 127.0.0.1); production never sets it. */
  pushEndpoints?: EndpointPolicy;
  /** Replaces the notifier (mail and push) that the notification rules call (tests record the calls). */
  notifier?: Notifier;
  /** The process's metrics registry (tests read the figures of the services they built). */
  metrics?: Metrics;
}

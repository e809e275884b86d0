import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { createOfflineGeo } from '../adapters/geo/offline-geo';
import { createOutboxMailer, createSmtpMailer } from '../adapters/mail/nodemailer-mailer';
import { createMediaStorage } from '../adapters/storage/media-storage';
import { pingDatabase, type DatabaseHandle } from '../db/client';
import { createAppSecretsRepository } from '../db/repositories/app-secrets.repository';
import { createMailRecipientsRepository } from '../db/repositories/mail-recipients.repository';
import { createDeliveringMailer } from '../domain/mail/delivering-mailer';
import { createDkimKeys } from '../domain/mail/dkim-keys';
import { createSystemTxtResolver } from '../domain/mail/mail-dns';
import { createMailService } from '../domain/mail/mail.service';
import { createOutboxService } from '../domain/mail/outbox.service';
import { createVerpTokens } from '../domain/mail/verp-token';
import { loadAppSecrets } from '../domain/secrets/secrets.service';
import { systemClock } from '../domain/shared/clock';
import { createSiteUrls } from '../domain/sites/site-urls';
import { createTranslator } from '../i18n/translator';
import { createEventBus } from '../realtime/event-bus';
import { announcingMemberPageChanges, createMemberPagesChanged } from '../realtime/member-page-changes';
import { createPageChangeBus } from '../realtime/page-change-bus';
import { createSiteChangeBus } from '../realtime/site-change-bus';
import { createMetrics } from '../observability/metrics';
import type { ServiceOverrides } from '../service-overrides';

export type Platform = Awaited<ReturnType<typeof composePlatform>>;

/**
 * What every area stands on: the database, clock, metrics, secrets and translator, mail, media
 * storage, Redis and the buses that reach every instance, and the links built from sites' domains.
 */
export async function composePlatform(config: Config, database: DatabaseHandle, overrides: ServiceOverrides) {
  const { db } = database;
  const secretsRepository = createAppSecretsRepository(db);
  const secrets = await loadAppSecrets(secretsRepository, { vapid: config.push.vapidKeys });
  const translator = overrides.translator ?? (await createTranslator());
  const outboxDir = path.join(config.dataDir, 'outbox');
  const { mailer, dkimKeys, closeMail } = composeMailer(config, database, secretsRepository, secrets.unsubscribeSecret, outboxDir, overrides);
  // Local disk by default, an S3-compatible bucket with STORAGE_URL (ADR 0044).
  const mediaStores = createMediaStorage(config.storage);
  // Shared counters (rate limits) and realtime fan-out across instances, when configured.
  // A command gives up after a second: a Redis that stopped answering without closing the
  // connection must not hold requests (rate limits fall back to memory, ADR 0050).
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false, commandTimeout: 1_000 }) : null;
  // Without a listener ioredis prints every reconnection error; the rate limiter (once per
  // outage) and /readyz report outages instead.
  redis?.on('error', () => {});
  // An operator's site change drops the cached site rows on every instance at once (ADR 0024).
  const siteChanges = overrides.siteChanges ?? createSiteChangeBus({ redisUrl: config.redisUrl });
  // Visitors' kept pages are dropped on every instance when a profile they show changes (ADR 0038).
  const pageChanges = overrides.pageChanges ?? createPageChangeBus({ redisUrl: config.redisUrl });
  // Realtime: in-process by default, Redis pub/sub across instances when REDIS_URL is set. With
  // the members' tab cache on, every event to a member drops their kept tabs (ADR 0048).
  const realtimeBus = overrides.bus ?? createEventBus({ redisUrl: config.redisUrl, pubsub: config.redisPubsub });
  const bus = config.memberPageCache.freshSeconds > 0 ? announcingMemberPageChanges(realtimeBus, pageChanges) : realtimeBus;
  const siteUrls = createSiteUrls(config.siteLinks);
  return {
    config,
    database,
    db,
    /** The read replica (DATABASE_READ_URL, ADR 0080), or null: every read goes to `db`. */
    readDb: database.readDb ?? null,
    clock: overrides.clock ?? systemClock,
    metrics: overrides.metrics ?? createMetrics(),
    secrets,
    translator,
    geo: overrides.geo ?? createOfflineGeo(),
    outboxDir,
    /** The mails and text messages kept on disk, for the outbox page. */
    mailOutbox: createOutboxService({ outboxDir }),
    mailer,
    /** Each sending domain's DKIM key (the console shows the DNS record to publish). */
    dkimKeys,
    /** Asks DNS for the mail records the console checks. */
    dnsResolver: overrides.dnsResolver ?? createSystemTxtResolver(),
    storage: overrides.storage ?? mediaStores.media,
    privateStorage: overrides.privateStorage ?? mediaStores.privateMedia,
    redis,
    siteChanges,
    pageChanges,
    bus,
    // Writes that send members no event (jobs) announce the change of their tabs themselves.
    memberPagesChanged: config.memberPageCache.freshSeconds > 0 ? createMemberPagesChanged(pageChanges) : undefined,
    // Every absolute link (mails, payment return and webhook URLs) is built here from the site's
    // configured domain, never from a request's headers.
    siteUrls,
    mail: createMailService({ mailer, translator, urls: siteUrls }),
    checkDatabase: () => pingDatabase(db),
    /** Readiness with REDIS_URL: the shared connection answers and the realtime bus listens. */
    checkRedis: redis
      ? async () => {
          if (redis.status !== 'ready') throw new Error(`redis connection is ${redis.status}`);
          await redis.ping();
          if (!realtimeBus.isListening()) throw new Error('the realtime bus is not subscribed to redis');
        }
      : undefined,
    /** Closes the buses, Redis, SMTP and storage, once every area has stopped using them. */
    async close() {
      await bus.close();
      await siteChanges.close();
      await pageChanges.close();
      await redis?.quit();
      closeMail();
      mediaStores.close();
    },
  };
}

/**
 * Mail in two streams (ADR 0066), DKIM-signed: bulk mail has its own transport when SMTP_BULK_URL
 * is set; without SMTP_URL both are kept on disk in the outbox.
 */
function composeMailer(
  config: Config,
  database: DatabaseHandle,
  secretsRepository: ReturnType<typeof createAppSecretsRepository>,
  verpSecret: string,
  outboxDir: string,
  overrides: ServiceOverrides,
) {
  const smtpMailer = !overrides.mailer && config.smtpUrl ? createSmtpMailer(config.smtpUrl) : null;
  const transactionalTransport = overrides.mailer ?? smtpMailer ?? createOutboxMailer(outboxDir);
  const smtpBulkMailer = !overrides.mailer && !overrides.bulkMailer && config.smtpBulkUrl ? createSmtpMailer(config.smtpBulkUrl) : null;
  const bulkTransport = overrides.bulkMailer ?? smtpBulkMailer ?? transactionalTransport;
  const dkimKeys = createDkimKeys({ secrets: secretsRepository, selector: config.dkim.selector, configuredPrivateKey: config.dkim.privateKey });
  const mailer = createDeliveringMailer({
    transports: { transactional: transactionalTransport, bulk: bulkTransport },
    dkim: dkimKeys,
    streams: config.mailStreams,
    // VERP (MAIL_VERP): the token names the address's account and a MAC of the address, never the address itself.
    bounceToken: config.mailStreams.verp ? verpBounceToken(database, verpSecret) : undefined,
  });
  const closeMail = () => {
    smtpMailer?.close();
    smtpBulkMailer?.close();
  };
  return { mailer, dkimKeys, closeMail };
}

/** The VERP token of a recipient: null for an address no account uses (a new address being confirmed), which then gets the plain bounce address. */
function verpBounceToken(database: DatabaseHandle, secret: string) {
  const recipients = createMailRecipientsRepository(database.db);
  const tokens = createVerpTokens(secret);
  return async (email: string) => {
    const userId = await recipients.findAccountIdOfAddress(email);
    return userId ? tokens.issue(userId, email) : null;
  };
}

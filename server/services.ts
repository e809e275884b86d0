import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { createOfflineGeo } from './adapters/geo/offline-geo';
import { createOutboxMailer, createSmtpMailer } from './adapters/mail/nodemailer-mailer';
import { createMediaStorage } from './adapters/storage/media-storage';
import { pingDatabase, type DatabaseHandle } from './db/client';
import { createAppSecretsRepository } from './db/repositories/app-secrets.repository';
import { createAuthThrottlesRepository } from './db/repositories/auth-throttles.repository';
import { createEmailTokensRepository } from './db/repositories/email-tokens.repository';
import { createBlocksRepository } from './db/repositories/blocks.repository';
import { createChatRepository } from './db/repositories/chat.repository';
import { createChatSyncRepository } from './db/repositories/chat-sync.repository';
import { createJobsRepository } from './db/repositories/jobs.repository';
import { createLikesRepository } from './db/repositories/likes.repository';
import { createMessagePhotosRepository } from './db/repositories/message-photos.repository';
import { createPhotosRepository } from './db/repositories/photos.repository';
import { createProfilesRepository } from './db/repositories/profiles.repository';
import { createSessionsRepository } from './db/repositories/sessions.repository';
import { createSitesRepository } from './db/repositories/sites.repository';
import { createUsersRepository } from './db/repositories/users.repository';
import { createAccountDeletionService, PURGE_ACCOUNT_JOB } from './domain/accounts/account-deletion.service';
import { createAccountLinks } from './domain/accounts/account-links.service';
import { createAccountPurger } from './domain/accounts/account-purger';
import { createAccountsService } from './domain/accounts/accounts.service';
import { createCurrentPasswordCheck } from './domain/accounts/current-password';
import { createLoginGuard } from './domain/accounts/login-guard';
import { createResetLimits } from './domain/accounts/reset-limits';
import { createActivationService } from './domain/accounts/activation.service';
import { createSignupFirstMessages, DELIVER_SIGNUP_MESSAGE_JOB } from './domain/accounts/signup-first-messages.service';
import { createSignupFirstMessagesRepository } from './db/repositories/signup-first-messages.repository';
import { createMailChangeService } from './domain/accounts/mail-change.service';
import { createPasswordsService } from './domain/accounts/passwords.service';
import { createSessionsService } from './domain/accounts/sessions.service';
import { createLikesService } from './domain/likes/likes.service';
import { createSwipeService } from './domain/likes/swipe.service';
import { createSignupMatchesService } from './domain/profiles/signup-matches.service';
import { createChatService, SEND_BATCHES_AT_ONCE } from './domain/chat/chat.service';
import { createChatPhotosService } from './domain/chat/chat-photos.service';
import { createGiftsService } from './domain/chat/gifts.service';
import { createMailService } from './domain/mail/mail.service';
import { createPhotosService } from './domain/photos/photos.service';
import { createBlocksService } from './domain/profiles/blocks.service';
import { createMembersService } from './domain/profiles/members.service';
import { createMemberMapService } from './domain/profiles/member-map.service';
import { createSocialProofService } from './domain/profiles/social-proof.service';
import { createOwnProfileService } from './domain/profiles/own-profile.service';
import { createSearchService } from './domain/profiles/search.service';
import { createPartnerCardsDisplay } from './domain/partners/partner-cards.service';
import { createPartnerCardsRepository } from './db/repositories/partner-cards.repository';
import { loadAppSecrets, type AppSecrets } from './domain/secrets/secrets.service';
import { systemClock } from './domain/shared/clock';
import { createSitesService } from './domain/sites/sites.service';
import { createSiteThemes } from './domain/sites/site-theme-styles';
import { createSiteUrls } from './domain/sites/site-urls';
import { createTranslator } from './i18n/translator';
import { CLEAN_UP_JOBS_JOB, cleanUpJobsSchedule, createJobCleanup } from './jobs/job-cleanup';
import { createNotificationSendsRepository } from './db/repositories/notification-sends.repository';
import { createJobQueue } from './jobs/job-queue';
import { createJobRunner } from './jobs/job-runner';
import { createRealtimeChatEvents } from './realtime/chat-events';
import { createEventBus } from './realtime/event-bus';
import { createSiteChangeBus } from './realtime/site-change-bus';
import { createPageChangeBus } from './realtime/page-change-bus';
import { announcingMemberPageChanges } from './realtime/member-page-changes';
import { createRealtimeLikeEvents } from './realtime/like-events';
import { createRealtimeBlockEvents } from './realtime/block-events';
import { createRealtimeSessionEvents } from './realtime/session-events';
import { EXPIRE_ORDER_JOB } from './domain/payments/orders.service';
import { createJobsAdminService } from './domain/jobs/jobs-admin.service';
import { createPresenceRepository } from './db/repositories/presence.repository';
import { CLEAN_UP_NOTIFICATIONS_JOB, cleanUpNotificationsSchedule, createNotificationCleanup } from './domain/notifications/notification-cleanup';
import { SCHEDULED_NOTIFICATION_CONCURRENCY, SCHEDULED_NOTIFICATION_SCHEDULES } from './domain/notifications/scheduled/scheduled-jobs';
import { UNREAD_REMINDERS_EVERY_MS, UNREAD_REMINDERS_JOB } from './domain/notifications/unread-reminders';
import { createPresenceTracker } from './realtime/presence';
import { createMetrics } from './observability/metrics';
import type { ServiceOverrides } from './service-overrides';
import { createConsoleServices } from './console-services';
import { createPaymentServices } from './payment-services';
import { createNotificationServices } from './notification-services';

export type { ServiceOverrides };

/** Wires repositories, adapters and domain services once; the HTTP edge only receives them. */
export async function createServices(config: Config, database: DatabaseHandle, overrides: ServiceOverrides = {}) {
  const { db } = database;
  const clock = overrides.clock ?? systemClock;
  const metrics = overrides.metrics ?? createMetrics();
  const secrets: AppSecrets = await loadAppSecrets(createAppSecretsRepository(db), { vapid: config.push.vapidKeys });
  const translator = await createTranslator();
  const geo = overrides.geo ?? createOfflineGeo();
  const outboxDir = path.join(config.dataDir, 'outbox');
  const smtpMailer = !overrides.mailer && config.smtpUrl ? createSmtpMailer(config.smtpUrl) : null;
  const mailer = overrides.mailer ?? smtpMailer ?? createOutboxMailer(outboxDir);
  // Local disk by default, an S3-compatible bucket with STORAGE_URL (ADR 0044).
  const mediaStores = createMediaStorage(config.storage);
  const storage = overrides.storage ?? mediaStores.media;
  const privateStorage = overrides.privateStorage ?? mediaStores.privateMedia;
  // Shared counters (rate limits) and realtime fan-out across instances, when configured.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;

  const usersRepository = createUsersRepository(db);
  const jobsRepository = createJobsRepository(db);
  const siteThemes = createSiteThemes({ mediaUrlOf: (key) => storage.urlOf(key) });
  const sites = createSitesService({
    sites: createSitesRepository(db),
    defaultDomain: config.defaultSiteDomain,
    pushPublicKey: secrets.vapid.publicKey,
    clock,
    themes: siteThemes,
  });
  // An operator's site change drops the cached site rows on every instance at once (ADR 0024).
  const siteChanges = overrides.siteChanges ?? createSiteChangeBus({ redisUrl: config.redisUrl });
  siteChanges.subscribe(() => sites.invalidate());
  // Visitors' kept pages are dropped on every instance when a profile they show changes (ADR 0038).
  const pageChanges = overrides.pageChanges ?? createPageChangeBus({ redisUrl: config.redisUrl });
  // Realtime: in-process by default, Redis pub/sub across instances when REDIS_URL is set. With
  // the members' tab cache on, every event to a member drops their kept tabs (ADR 0048).
  const realtimeBus = overrides.bus ?? createEventBus({ redisUrl: config.redisUrl });
  const bus = config.memberPageCache.freshSeconds > 0 ? announcingMemberPageChanges(realtimeBus, pageChanges) : realtimeBus;
  // Ended sessions close their open tabs at once, on every instance.
  const sessions = createSessionsService({ sessions: createSessionsRepository(db), clock, events: createRealtimeSessionEvents(bus) });
  const mail = createMailService({ mailer, translator });
  // Every absolute link (mails, payment return and webhook URLs) is built here from the site's
  // configured domain, never from a request's headers.
  const siteUrls = createSiteUrls(config.siteLinks);
  const links = createAccountLinks({ tokens: createEmailTokensRepository(db), users: usersRepository, mail, urls: siteUrls, clock });
  const authThrottles = createAuthThrottlesRepository(db);
  const loginGuard = createLoginGuard({ throttles: authThrottles, clock });
  const checkCurrentPassword = createCurrentPasswordCheck({ users: usersRepository, guard: loginGuard });
  const accounts = createAccountsService({ users: usersRepository, sessions, links, guard: loginGuard, clock });
  /**
   * Whoever confirms an address (the member's link or an operator): replies held until then
   * reach the member, and a sign-up's first message goes out. The services it uses are made
   * further down; it runs only after start-up.
   */
  const afterAddressConfirmed = async (userId: number) => {
    const released = await chatRepository.releaseHeldFor(userId);
    if (released.length) chatEvents.heldReleased(userId);
    await signupFirstMessages.confirmed(userId);
  };
  const activation = createActivationService({
    users: usersRepository,
    links,
    clock,
    onConfirmed: (userId) => afterAddressConfirmed(userId),
  });
  const passwords = createPasswordsService({
    users: usersRepository,
    links,
    sessions,
    guard: loginGuard,
    resetLimits: createResetLimits({ throttles: authThrottles, clock }),
    checkCurrentPassword,
  });
  const mailChange = createMailChangeService({ users: usersRepository, links, checkCurrentPassword });
  const accountDeletion = createAccountDeletionService({
    users: usersRepository,
    links,
    sessions,
    jobs: jobsRepository,
    // chatPhotos is made further down; the purger only calls it long after start-up.
    purger: createAccountPurger({ users: usersRepository, storage, removeChatPhotos: (userId) => chatPhotos.removeAllOf(userId) }),
    recordReason: usersRepository.recordDeletionReason,
    checkCurrentPassword,
    clock,
  });
  const profilesRepository = createProfilesRepository(db);
  const likesRepository = createLikesRepository(db);
  const blocksRepository = createBlocksRepository(db);
  const chatRepository = createChatRepository(db);
  // Group commits get their own connections: under load they must not queue behind every request's reads.
  const sendLane = database.openLane(SEND_BATCHES_AT_ONCE);
  metrics.database.describe(database.kind, [
    ...(database.pool ? [{ name: 'main', pool: database.pool }] : []),
    ...(sendLane.pool ? [{ name: 'chat_lane', pool: sendLane.pool }] : []),
  ]);
  const likeEvents = createRealtimeLikeEvents(bus, { likes: likesRepository, chat: chatRepository });
  // Who has an open socket, in the database, so the worker's notification rules see it (issue 17).
  const presence = createPresenceTracker({ presence: createPresenceRepository(db), clock });
  // Mail and push, the rules that decide them, unsubscribe links and the mail provider's events
  // (issue 17). A job due at once wakes the in-process runner (made further down; only called later).
  const notifications = createNotificationServices({ config, db, clock, secrets, mailer, translator, siteUrls, links, sites, jobsRepository, likesRepository, wakeJobs: () => jobRunner.wake(), overrides });
  const { notifier, messages: messageNotifications, likes: likeNotifications, unreadReminders, unsubscribe, mailEvents, pushSubscriptions, pushSender, newsBroadcasts } = notifications;
  const search = createSearchService({ profiles: profilesRepository, clock, partners: createPartnerCardsDisplay({ cards: createPartnerCardsRepository(db), storage }) });
  const members = createMembersService({ profiles: profilesRepository, likes: likesRepository, blocks: blocksRepository, users: usersRepository, clock, onLikeSeen: likeEvents.likeSeen });
  const ownProfile = createOwnProfileService({ users: usersRepository, profiles: profilesRepository, geo, clock });
  const likes = createLikesService({
    likes: likesRepository,
    blocks: blocksRepository,
    profiles: profilesRepository,
    users: usersRepository,
    clock,
    events: {
      liked(likerId, likedId) {
        likeEvents.liked(likerId, likedId);
        likeNotifications.events.liked(likerId, likedId);
      },
    },
  });
  const blocks = createBlocksService({ blocks: blocksRepository, clock, events: createRealtimeBlockEvents(bus, chatRepository) });
  const photos = createPhotosService({ photos: createPhotosRepository(db), users: usersRepository, storage, clock });
  const swipe = createSwipeService({ profiles: profilesRepository, blocks: blocksRepository, likes, clock });
  const memberMap = createMemberMapService({ profiles: profilesRepository, geo, clock });
  // The home page's and landers' figures: online now, new today, in the visitor's country (issue 19).
  const socialProof = createSocialProofService({ profiles: profilesRepository, clock });
  const signupMatches = createSignupMatchesService({ profiles: profilesRepository, likes: likesRepository, clock });
  const chatEvents = createRealtimeChatEvents(bus, chatRepository);
  const chatSync = createChatSyncRepository(db);
  const chat = createChatService({
    db: sendLane.db,
    chat: chatRepository,
    users: usersRepository,
    profiles: profilesRepository,
    clock,
    events: chatEvents,
    onMessagesCommitted: messageNotifications.messagesCommitted,
    observer: metrics.chat,
  });
  const gifts = createGiftsService({ chat });
  const chatPhotos = createChatPhotosService({ chat, messages: chatRepository, photos: createMessagePhotosRepository(db), users: usersRepository, storage: privateStorage, clock });
  // Payments (ADR 0022): providers, orders and discounts, SEPA direct debit with its SMS codes, refunds.
  const { demoPayments, paymentEvents, discounts, payments, deletionOffer, directDebit, transactions } = createPaymentServices({
    config,
    db,
    clock,
    secrets,
    bus,
    chatRepository,
    usersRepository,
    jobsRepository,
    siteUrls,
    translator,
    outboxDir,
    overrides,
  });
  // The operators' console: staff and their sign-in, moderation, money, fictional profiles, members.
  const consoleServices = createConsoleServices({
    config,
    db,
    clock,
    loginGuard,
    mailer,
    mail,
    translator,
    siteUrls,
    storage,
    bus,
    siteChanges,
    chat,
    chatRepository,
    chatEvents,
    profilesRepository,
    transactions,
    paymentEvents,
    sendReactivation: (site, user) => links.sendReactivation(site, user),
    onConfirmed: (userId) => afterAddressConfirmed(userId),
  });
  const { audit, moderation, sitesRepository } = consoleServices;
  // The durable queue (issue 17): every kind's handler, the kinds that recur, and how many of
  // a kind one runner runs at once. A handler receives (payload, { id, kind, attempts }).
  const { handlers: extraHandlers, schedules: extraSchedules, ...runnerTuning } = overrides.jobs ?? {};
  const jobRunner = createJobRunner({
    ...runnerTuning,
    jobs: jobsRepository,
    clock,
    observer: metrics.jobs,
    handlers: {
      [PURGE_ACCOUNT_JOB]: (payload) => accountDeletion.purgeIfStillDeleted(Number(payload.userId)),
      [EXPIRE_ORDER_JOB]: (payload) => payments.expireIfUnpaid(Number(payload.orderId)),
      [CLEAN_UP_JOBS_JOB]: createJobCleanup({ jobs: jobsRepository, clock }),
      [CLEAN_UP_NOTIFICATIONS_JOB]: createNotificationCleanup({ sends: createNotificationSendsRepository(db), clock }),
      ...messageNotifications.handlers,
      ...likeNotifications.handlers,
      [UNREAD_REMINDERS_JOB]: () => unreadReminders.sweep().then(() => undefined),
      ...notifications.scheduled.handlers,
      [DELIVER_SIGNUP_MESSAGE_JOB]: (payload) => signupFirstMessages.deliver(Number(payload.userId)).then(() => undefined),
      ...extraHandlers,
    },
    schedules: [
      cleanUpJobsSchedule,
      cleanUpNotificationsSchedule,
      { kind: UNREAD_REMINDERS_JOB, everyMs: UNREAD_REMINDERS_EVERY_MS },
      ...SCHEDULED_NOTIFICATION_SCHEDULES,
      ...(extraSchedules ?? []),
    ],
    concurrency: { [CLEAN_UP_JOBS_JOB]: 1, [CLEAN_UP_NOTIFICATIONS_JOB]: 1, ...SCHEDULED_NOTIFICATION_CONCURRENCY, ...runnerTuning.concurrency },
  });
  metrics.jobs.readDepthWith(() => jobsRepository.countByKind(clock.now()));
  const jobQueue = createJobQueue({ jobs: jobsRepository, clock, onEnqueued: () => jobRunner.wake() });
  const jobsAdmin = createJobsAdminService({ db, audit, clock, onRetried: () => jobRunner.wake() });
  // A sign-up's first message to the profile it came from: kept at sign-up, sent as a job once
  // the address is confirmed (issue 18; the onConfirmed hooks above call it).
  const signupFirstMessages = createSignupFirstMessages({
    messages: createSignupFirstMessagesRepository(db),
    users: usersRepository,
    findSite: (siteId) => sitesRepository.findById(siteId),
    chat,
    jobs: jobQueue,
    clock,
  });

  return {
    config,
    database,
    clock,
    secrets,
    translator,
    geo,
    storage,
    sites,
    siteUrls,
    sessions,
    accounts,
    links,
    activation,
    passwords,
    mailChange,
    accountDeletion,
    search,
    members,
    ownProfile,
    likes,
    blocks,
    swipe,
    memberMap,
    socialProof,
    /** The members offered to a new member to like on `/signup-matches` (issue 18). */
    signupMatches,
    photos,
    chat,
    gifts,
    chatPhotos,
    demoPayments,
    discounts,
    payments,
    directDebit,
    transactions,
    deletionOffer,
    bus,
    chatRepository,
    blocksRepository,
    chatEvents,
    chatSync,
    jobRunner,
    jobQueue,
    jobsRepository,
    jobsAdmin,
    signupFirstMessages,
    presence,
    /** The event notification rules (issue 17). */
    eventNotifications: { messages: messageNotifications, likes: likeNotifications, unreadReminders },
    ...consoleServices.forServices,
    audit,
    moderation,
    siteThemes,
    siteChanges,
    pageChanges,
    newsBroadcasts,
    /** The scheduled notification rules (issue 17). */
    scheduledNotifications: notifications.scheduled,
    notifier,
    unsubscribe,
    mailEvents,
    pushSubscriptions,
    pushSender,
    outboxDir,
    redis,
    metrics,
    async close() {
      await chat.drainSends();
      await messageNotifications.settled();
      await likeNotifications.settled();
      await sendLane.close();
      await jobRunner.stop();
      await presence.stop();
      demoPayments.close();
      await bus.close();
      await siteChanges.close();
      await pageChanges.close();
      await redis?.quit();
      smtpMailer?.close();
      mediaStores.close();
    },
    checkDatabase: () => pingDatabase(db),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

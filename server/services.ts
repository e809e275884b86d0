import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { ServiceOverrides } from './service-overrides';
import { composeAccounts } from './composition/accounts';
import { composeChat } from './composition/chat';
import { composeConsole } from './composition/console';
import { createAreaEvents, type AreaEvents } from './composition/events';
import { composeJobQueue, composeJobs } from './composition/jobs';
import { composeMoney } from './composition/money';
import { composeNotifications } from './composition/notifications';
import { composePlatform } from './composition/platform';
import { composeProfiles } from './composition/profiles';
import { composeSafety } from './composition/safety';
import { composeSites } from './composition/sites';
import { composeStores } from './composition/stores';

export type { ServiceOverrides };

/**
 * Wires every area once, in dependency order; the HTTP edge only receives the services. An area
 * never calls one made after it: what it announces (a confirmed address, a purge, a job due now)
 * goes through `events`, subscribed at the end once every area exists.
 */
export async function createServices(config: Config, database: DatabaseHandle, overrides: ServiceOverrides = {}) {
  const events = createAreaEvents();
  const platform = await composePlatform(config, database, overrides);
  const stores = composeStores(platform.db);
  const sites = composeSites(platform, stores);
  const { profileScreening, ...safety } = composeSafety(platform, stores);
  const { loginGuard, ...accounts } = composeAccounts(platform, stores, events, safety.safetySignals);
  const notifications = composeNotifications(platform, stores, { links: accounts.links, sites: sites.sites, events, overrides });
  const { messages, likes } = notifications.eventNotifications;
  const profiles = composeProfiles(platform, stores, likes, profileScreening);
  const jobQueue = composeJobQueue(platform, stores, events);
  const { releaseHeldFor, closeLane, ...chat } = composeChat(platform, stores, {
    jobQueue,
    onMessagesCommitted: messages.messagesCommitted,
    safety: safety.safetySignals,
  });
  const { providers: _providers, paymentEvents, chargebackEvents, moneyNotices, ...money } = composeMoney(platform, stores, overrides);
  const consoleArea = composeConsole(platform, stores, {
    loginGuard,
    chat: chat.chat,
    chatEvents: chat.chatEvents,
    transactions: money.transactions,
    paymentEvents,
    chargebackEvents,
    moneyNotices,
    sendReactivation: (site, user) => accounts.links.sendReactivation(site, user),
    onConfirmed: events.addressConfirmed.emit,
    safety: safety.safetySignals,
  });
  const jobs = composeJobs(platform, stores, { ...accounts, ...money, ...chat, notifications, audit: consoleArea.audit }, events, overrides.jobs);
  wireAreaEvents(events, { releaseHeldFor, signupFirstMessages: chat.signupFirstMessages, chatPhotos: chat.chatPhotos });

  const {
    db: _db,
    readDb: _readDb,
    mailer: _mailer,
    mail: _mail,
    privateStorage: _privateStorage,
    dkimKeys: _dkimKeys,
    dnsResolver: _dnsResolver,
    close: closePlatform,
    ...platformServices
  } = platform;
  return {
    ...platformServices,
    ...sites,
    ...accounts,
    ...notifications,
    ...profiles,
    ...safety,
    ...chat,
    ...money,
    ...consoleArea,
    ...jobs,
    jobQueue,
    async close() {
      await chat.chat.drainSends();
      await messages.settled();
      await likes.settled();
      await closeLane();
      await jobs.jobRunner.stop();
      await profiles.presence.stop();
      money.demoPayments.close();
      await closePlatform();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * What each area does when another announces something. A confirmed address (the member's link
 * or an operator) releases the replies held until then and sends a sign-up's first message; a
 * purge removes the member's chat photos.
 */
function wireAreaEvents(
  events: AreaEvents,
  chat: {
    releaseHeldFor: (userId: number) => Promise<void>;
    signupFirstMessages: { confirmed(userId: number): Promise<unknown> };
    chatPhotos: { removeAllOf(userId: number): Promise<unknown> };
  },
) {
  events.addressConfirmed.subscribe((userId) => chat.releaseHeldFor(userId));
  events.addressConfirmed.subscribe((userId) => chat.signupFirstMessages.confirmed(userId));
  events.accountPurging.subscribe((userId) => chat.chatPhotos.removeAllOf(userId));
}

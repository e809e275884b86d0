import { createChatSyncRepository } from '../db/repositories/chat-sync.repository';
import { createMessagePhotosRepository } from '../db/repositories/message-photos.repository';
import { createSignupFirstMessagesRepository } from '../db/repositories/signup-first-messages.repository';
import { createSignupFirstMessages } from '../domain/accounts/signup-first-messages.service';
import { createChatPhotosService } from '../domain/chat/chat-photos.service';
import { createRealtimeChatEvents } from '../domain/chat/chat-events';
import { createChatRealtimeService } from '../domain/chat/chat-realtime.service';
import { createChatService, SEND_BATCHES_AT_ONCE } from '../domain/chat/chat.service';

type ChatServiceDeps = Parameters<typeof createChatService>[0];
import { createGiftsService } from '../domain/chat/gifts.service';
import type { CommittedMessage } from '../domain/chat/send-batch';
import type { JobQueue } from '../jobs/job-queue';
import type { Platform } from './platform';
import type { Stores } from './stores';

/**
 * Conversations: the send path with its own database lane, gifts, chat photos, live chat events,
 * what the socket gateway reads, and a sign-up's first message (sent once the address is confirmed).
 */
export function composeChat(
  platform: Platform,
  stores: Stores,
  deps: { jobQueue: JobQueue; onMessagesCommitted: (messages: CommittedMessage[]) => void; safety?: ChatServiceDeps['safety'] },
) {
  const { database, db, clock, bus, metrics, privateStorage } = platform;
  // Group commits get their own connections: under load they must not queue behind every request's reads.
  const sendLane = database.openLane(SEND_BATCHES_AT_ONCE);
  metrics.database.describe(database.kind, [
    ...(database.pool ? [{ name: 'main', pool: database.pool }] : []),
    ...(sendLane.pool ? [{ name: 'chat_lane', pool: sendLane.pool }] : []),
  ]);
  const chatEvents = createRealtimeChatEvents(bus, { chat: stores.chat, counters: stores.counters });
  const chat = createChatService({
    db: sendLane.db,
    chat: stores.chat,
    users: stores.users,
    profiles: stores.profiles,
    clock,
    events: chatEvents,
    onMessagesCommitted: deps.onMessagesCommitted,
    observer: metrics.chat,
    safety: deps.safety,
  });
  const chatPhotos = createChatPhotosService({
    chat,
    messages: stores.chat,
    photos: createMessagePhotosRepository(db),
    users: stores.users,
    storage: privateStorage,
    clock,
  });
  /** The chat's rules for the socket gateway: typing and resync. */
  const chatRealtime = createChatRealtimeService({ chat: stores.chat, chatSync: createChatSyncRepository(db), blocks: stores.blocks });
  // A sign-up's first message to the profile it came from: kept at sign-up, sent as a job once
  // the address is confirmed (issue 18).
  const signupFirstMessages = createSignupFirstMessages({
    messages: createSignupFirstMessagesRepository(db),
    users: stores.users,
    findSite: (siteId) => stores.sites.findById(siteId),
    chat,
    jobs: deps.jobQueue,
    clock,
  });
  return {
    chat,
    gifts: createGiftsService({ chat }),
    chatPhotos,
    chatEvents,
    chatRealtime,
    signupFirstMessages,
    /** Releases the replies held for a member until their address was confirmed, and tells their tabs. */
    async releaseHeldFor(userId: number) {
      const released = await stores.chat.releaseHeldFor(userId);
      if (released.length) chatEvents.heldReleased(userId);
    },
    closeLane: () => sendLane.close(),
  };
}

import { z } from 'zod';
import { PHOTO_REJECTION_REASONS } from './admin/moderation';
import { ChatMessage, SendMessageFields, SendMessageResponse, hasOneTarget } from './chat';
import { ErrorCode } from './errors';
import { RecordId } from './inputs';
import { MainImage } from './accounts';

/**
 * Every message on `/api/ws` (one socket per browser tab), both directions. The server parses
 * each client message with `ClientEvent`; the browser handles each `ServerEvent` type in one
 * small handler. Events are hints that keep a tab current: after a reconnect the tab sends
 * `resync` with the last message id it saw, so nothing is lost while it was away.
 */

const id = z.number().int().positive();

/** A new message in one of the member's conversations — sent to both members, so the sender's other tabs see it too. */
export const MessageNewEvent = z.object({ type: z.literal('message_new'), message: ChatMessage });
/** The other member opened the conversation: these of your messages are read now. */
export const MessageReadEvent = z.object({ type: z.literal('message_read'), conversation_id: id, message_ids: z.array(id), reader_id: id });
/** The other member is typing; never stored, at most one a second per conversation and tab. */
export const TypingEvent = z.object({ type: z.literal('typing'), conversation_id: id, profile_id: id });
/** The conversation was removed for this member (another tab removed it). */
export const ConversationRemovedEvent = z.object({ type: z.literal('conversation_removed'), conversation_id: id });
/** Fresh badge counts; absent fields did not change. */
export const CountersEvent = z.object({
  type: z.literal('counters'),
  unread_messages: z.number().int().min(0),
  new_likes: z.number().int().min(0).optional(),
  credits: z.number().int().min(0).optional(),
});
/** Someone liked the member. */
export const LikeNewEvent = z.object({ type: z.literal('like_new'), profile_id: id });
/**
 * A like made a match (issue 35): sent at once to both members, on every open tab, each with the
 * other one. The tab shows the match moment: both photos, a message box, the match page's link.
 */
export const MatchNewEvent = z.object({
  type: z.literal('match_new'),
  profile: z.object({ id, name: z.string(), main_image: MainImage, is_fictional: z.boolean() }),
});
/**
 * Ends the answer to a `resync`: every missed message came before it as `message_new`.
 * `last_message_id` is the last one sent (or the id asked from when none was missed);
 * `has_more` means the batch was cut at its limit — send `resync` again from `last_message_id`.
 */
export const ResyncDoneEvent = z.object({ type: z.literal('resync_done'), last_message_id: z.number().int().min(0), has_more: z.boolean() });
/**
 * Sessions ended (log-out, a password change or reset, deletion): the gateway closes their
 * sockets with 4401 at once. `sessions` are the sessions' fingerprints. It travels on the bus so
 * that every instance hears it; browsers never receive it.
 */
export const SessionEndedEvent = z.object({ type: z.literal('session_ended'), sessions: z.array(z.string().max(64)).min(1) });
/**
 * A moderator decided on one of the member's photos: `active` (others see it now),
 * `rejected` (it is gone, with the reason the member is shown in their language), or
 * `removed` (a photo that was live was taken down, issue 32).
 */
export const PhotoReviewedEvent = z.object({
  type: z.literal('photo_reviewed'),
  photo_id: id,
  status: z.enum(['active', 'rejected', 'removed']),
  reason: z.enum(PHOTO_REJECTION_REASONS).optional(),
});
/** The answer to a client `ping` (browsers cannot send protocol-level pings). */
export const PongEvent = z.object({ type: z.literal('pong') });
/** A `send_message` from this tab is stored and paid: the same answer as `POST /api/messages.php`. */
export const MessageSentEvent = SendMessageResponse.extend({ type: z.literal('message_sent'), client_id: z.string() });
/** A `send_message` from this tab was refused, with the same code and text as over HTTP. */
export const MessageRefusedEvent = z.object({ type: z.literal('message_refused'), client_id: z.string(), error: ErrorCode, message: z.string() });

export const ServerEvent = z.discriminatedUnion('type', [
  MessageNewEvent,
  MessageReadEvent,
  TypingEvent,
  ConversationRemovedEvent,
  CountersEvent,
  LikeNewEvent,
  MatchNewEvent,
  ResyncDoneEvent,
  PongEvent,
  SessionEndedEvent,
  MessageSentEvent,
  MessageRefusedEvent,
  PhotoReviewedEvent,
]);
export type ServerEvent = z.infer<typeof ServerEvent>;
export type ServerEventType = ServerEvent['type'];
/** Answers to a tab's own `send_message`: the sending tab settles them, no event handler does. */
export type SendAnswerType = 'message_sent' | 'message_refused';
/** One server event by its type, e.g. `ServerEventOf<'message_new'>`. */
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** The member is typing in a conversation they take part in. */
export const TypingClientEvent = z.object({ type: z.literal('typing'), conversation_id: RecordId });
/**
 * Send every message after this id that the member may see, then `resync_done`. Without an id
 * (a tab that has no message yet: its page data is current) nothing is replayed and
 * `resync_done` only gives the newest id, the cursor for the next resync.
 */
export const ResyncClientEvent = z.object({ type: z.literal('resync'), after_message_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });
export const PingClientEvent = z.object({ type: z.literal('ping') });
/**
 * Sends a text message, exactly like `POST /api/messages.php` (same fields, same rules, same
 * `client_id` idempotency); answered on this socket with `message_sent` or `message_refused`.
 * A tab that gets no answer sends the same body over HTTP: the `client_id` keeps it from
 * being charged twice.
 */
export const SendMessageClientEvent = SendMessageFields.extend({ type: z.literal('send_message') }).refine(hasOneTarget, {
  message: 'give profile_id or conversation_id',
  path: ['profile_id'],
});

export const ClientEvent = z.discriminatedUnion('type', [TypingClientEvent, ResyncClientEvent, PingClientEvent, SendMessageClientEvent]);
export type ClientEvent = z.infer<typeof ClientEvent>;
export type ClientEventOf<T extends ClientEvent['type']> = Extract<ClientEvent, { type: T }>;

/** Close codes the server uses beyond the standard ones; the client stops reconnecting on 4401. */
export const WS_CLOSE = {
  /** No valid session cookie: the member is logged out. */
  authenticationRequired: 4401,
  /** Too many messages that are not a `ClientEvent`. */
  tooManyInvalidMessages: 4400,
  /**
   * The standard "service restart" code: this instance is draining (SIGTERM), or its realtime bus
   * lost Redis and events may have been missed. The tab reconnects at once (through the load
   * balancer, possibly to another instance) and resyncs from its last message.
   */
  serviceRestart: 1012,
} as const;

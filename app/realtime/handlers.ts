import type { SendAnswerType, ServerEvent } from '../../contract/ws-events';
import { useChat } from '../state/chat';
import { useCounters } from '../state/counters';
import { useMatchMoment } from '../state/match-moment';
import { usePhotoReviews } from '../state/photo-reviews';
import { useTyping } from '../state/typing';

type Handler<T extends ServerEvent['type']> = (event: Extract<ServerEvent, { type: T }>, context: HandlerContext) => void;

export interface HandlerContext {
  /** The member this tab belongs to. */
  memberId: number;
  /** The conversation open on screen, if any. */
  openConversationId: () => number | null;
  /** Asks the server for what this tab missed since its newest message. */
  resync: () => void;
  /** Asks for the chat list with the server's unread counts (coalesced: bursts cost one request). */
  refreshChats: () => void;
  /** Marks the open conversation read on the server (coalesced). */
  markOpenRead: () => void;
}

/** One small handler per socket event (Mattermost's lesson: no giant switch). */
export const handlers: { [T in Exclude<ServerEvent['type'], SendAnswerType>]: Handler<T> } = {
  message_new(event, context) {
    const { message } = event;
    useChat.getState().addMessage(message);
    useTyping.getState().clear(message.conversation_id);
    const mine = message.sender_id === context.memberId;
    const open = context.openConversationId() === message.conversation_id;
    const chats = useChat.getState().chats;
    const known = chats.some((chat) => chat.conversation.id === message.conversation_id);
    // The preview and the order follow at once; unread counts come from the server, since a
    // message may arrive twice (live and in a resync) or be counted in a list already.
    if (known) {
      useChat
        .getState()
        .setChats(
          chats
            .map((chat) =>
              chat.conversation.id === message.conversation_id
                ? { ...chat, last_message: { id: message.id, text: message.text, kind: message.kind, mine }, last_message_at: message.created_at }
                : chat,
            )
            .sort((a, b) => b.last_message_at.localeCompare(a.last_message_at)),
        );
    }
    // A new conversation (the list brings the other member's card) or an unread message elsewhere.
    if (!known || (!mine && !open)) context.refreshChats();
    // Seen on screen: opening the history marks it read, which sends the read receipt.
    if (open && !mine) context.markOpenRead();
  },
  message_read(event) {
    const state = useChat.getState();
    const ids = new Set(event.message_ids);
    const list = state.messages[event.conversation_id] ?? [];
    state.setHistory(
      event.conversation_id,
      list.filter((message) => ids.has(message.id)).map((message) => ({ ...message, read: true })),
    );
  },
  typing(event) {
    useTyping.getState().saw(event.conversation_id);
  },
  conversation_removed(event) {
    useChat.getState().removeChat(event.conversation_id);
  },
  counters(event) {
    useCounters.getState().set({
      unreadMessages: event.unread_messages,
      ...(event.new_likes !== undefined && { newLikes: event.new_likes }),
      // A purchase, refund or paid send changed the balance: the nav's credits badge follows.
      ...(event.credits !== undefined && { credits: event.credits }),
    });
  },
  like_new() {
    useCounters.getState().set({ newLikes: useCounters.getState().newLikes + 1 });
  },
  // Both members of a new match, on every open tab: the match moment (issue 35).
  match_new(event) {
    useMatchMoment.getState().show(event.profile);
    useChat.getState().markMatched(event.profile.id);
  },
  resync_done(event, context) {
    useChat.getState().setCursor(event.last_message_id);
    if (event.has_more) context.resync();
  },
  pong() {},
  // The profile page shows the decision at once (approved: no longer "pending"; rejected: gone, with why).
  photo_reviewed(event) {
    usePhotoReviews.getState().add({ photo_id: event.photo_id, status: event.status, reason: event.reason });
  },
  // Consumed by the server's gateway; a tab never receives it.
  session_ended() {},
};

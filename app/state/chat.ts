import { create } from 'zustand';
import type { ChatMessage, ChatsResponse } from '../../contract/chat';

type Chat = ChatsResponse['chats'][number];

interface ChatState {
  chats: Chat[];
  /** Messages per conversation, oldest first, each id once. */
  messages: Record<number, ChatMessage[]>;
  /**
   * The newest message id this tab is current with, from which a (re)connect resyncs; null
   * until the tab has one (its page data is current then, and the server gives the cursor).
   */
  lastSeenId: number | null;
  /**
   * Chats this member removed, by conversation, with the newest message id each had then. A
   * chat list asked for before the server deleted it (the refresh a few seconds after a page
   * loads, or one a socket event started) must not bring it back; a message newer than that id does.
   */
  removed: Record<number, number>;
  /** A message for the chat list, e.g. that removing a chat failed. */
  notice: string | null;
  setNotice(notice: string | null): void;
  /** The chat list; the first list a tab gets (its page data) is also where it resyncs from. */
  setChats(chats: Chat[]): void;
  /** The server's cursor after a resync: this tab has everything up to it. */
  setCursor(messageId: number): void;
  setHistory(conversationId: number, newestFirst: ChatMessage[]): void;
  prependOlder(conversationId: number, newestFirst: ChatMessage[]): void;
  addMessage(message: ChatMessage): void;
  markOpened(conversationId: number): void;
  removeChat(conversationId: number): void;
  /** The removal was undone or failed: the server's list shows the chat again. */
  forgetRemoval(conversationId: number): void;
  /** A like made a match: the conversation with that member gets its mark at once. */
  markMatched(profileId: number): void;
}

const byId = (a: ChatMessage, b: ChatMessage) => a.id - b.id;
const merge = (current: ChatMessage[], incoming: ChatMessage[]) => {
  const known = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    // A read receipt may overtake the send's own HTTP answer; once read, a message stays read.
    const previous = known.get(message.id);
    known.set(message.id, previous?.read && !message.read ? { ...message, read: true } : message);
  }
  return [...known.values()].sort(byId);
};

const isRemoved = (removed: Record<number, number>, chat: Chat) => {
  const upTo = removed[chat.conversation.id];
  return upTo !== undefined && (chat.last_message?.id ?? 0) <= upTo;
};

/** Realtime chat state (architecture: Zustand for what the socket changes). */
export const useChat = create<ChatState>((set) => ({
  chats: [],
  messages: {},
  lastSeenId: null,
  removed: {},
  notice: null,
  setNotice: (notice) => set({ notice }),
  setChats: (chats) =>
    set((state) => ({
      chats: chats.filter((chat) => !isRemoved(state.removed, chat)),
      lastSeenId: state.lastSeenId ?? Math.max(0, ...chats.map((chat) => chat.last_message?.id ?? 0)),
    })),
  setCursor: (messageId) => set((state) => ({ lastSeenId: Math.max(state.lastSeenId ?? 0, messageId) })),
  setHistory: (conversationId, newestFirst) =>
    set((state) => ({
      messages: { ...state.messages, [conversationId]: merge(state.messages[conversationId] ?? [], newestFirst) },
      lastSeenId: Math.max(state.lastSeenId ?? 0, ...newestFirst.map((message) => message.id)),
    })),
  prependOlder: (conversationId, newestFirst) =>
    set((state) => ({ messages: { ...state.messages, [conversationId]: merge(state.messages[conversationId] ?? [], newestFirst) } })),
  addMessage: (message) =>
    set((state) => ({
      messages: { ...state.messages, [message.conversation_id]: merge(state.messages[message.conversation_id] ?? [], [message]) },
      lastSeenId: Math.max(state.lastSeenId ?? 0, message.id),
    })),
  markOpened: (conversationId) =>
    set((state) => ({ chats: state.chats.map((chat) => (chat.conversation.id === conversationId ? { ...chat, num_unread_messages: 0 } : chat)) })),
  removeChat: (conversationId) =>
    set((state) => {
      const chat = state.chats.find((candidate) => candidate.conversation.id === conversationId);
      return {
        chats: state.chats.filter((candidate) => candidate !== chat),
        removed: { ...state.removed, [conversationId]: Math.max(state.removed[conversationId] ?? 0, chat?.last_message?.id ?? 0) },
      };
    }),
  forgetRemoval: (conversationId) =>
    set((state) => {
      const { [conversationId]: _forgotten, ...removed } = state.removed;
      return { removed };
    }),
  markMatched: (profileId) => set((state) => ({ chats: state.chats.map((chat) => (chat.profile.id === profileId ? { ...chat, matched: true } : chat)) })),
}));

import { create } from 'zustand';
import type { ChatMessage, ChatsResponse } from '../../contract/chat';

type Chat = ChatsResponse['chats'][number];

interface ChatState {
  chats: Chat[];
  /** Messages per conversation, oldest first, each id once. */
  messages: Record<number, ChatMessage[]>;
  /** The newest message id seen, from which a reconnect resyncs. */
  lastSeenId: number;
  /** A message for the chat list, e.g. that removing a chat failed. */
  notice: string | null;
  setNotice(notice: string | null): void;
  setChats(chats: Chat[]): void;
  setHistory(conversationId: number, newestFirst: ChatMessage[]): void;
  prependOlder(conversationId: number, newestFirst: ChatMessage[]): void;
  addMessage(message: ChatMessage): void;
  markOpened(conversationId: number): void;
  removeChat(conversationId: number): void;
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

/** Realtime chat state (architecture: Zustand for what the socket changes). */
export const useChat = create<ChatState>((set) => ({
  chats: [],
  messages: {},
  lastSeenId: 0,
  notice: null,
  setNotice: (notice) => set({ notice }),
  setChats: (chats) => set({ chats }),
  setHistory: (conversationId, newestFirst) =>
    set((state) => ({
      messages: { ...state.messages, [conversationId]: merge(state.messages[conversationId] ?? [], newestFirst) },
      lastSeenId: Math.max(state.lastSeenId, ...newestFirst.map((message) => message.id)),
    })),
  prependOlder: (conversationId, newestFirst) => set((state) => ({ messages: { ...state.messages, [conversationId]: merge(state.messages[conversationId] ?? [], newestFirst) } })),
  addMessage: (message) =>
    set((state) => ({
      messages: { ...state.messages, [message.conversation_id]: merge(state.messages[message.conversation_id] ?? [], [message]) },
      lastSeenId: Math.max(state.lastSeenId, message.id),
    })),
  markOpened: (conversationId) => set((state) => ({ chats: state.chats.map((chat) => (chat.conversation.id === conversationId ? { ...chat, num_unread_messages: 0 } : chat)) })),
  removeChat: (conversationId) => set((state) => ({ chats: state.chats.filter((chat) => chat.conversation.id !== conversationId) })),
}));

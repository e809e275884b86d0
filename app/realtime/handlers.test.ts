import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatsResponse } from '../../contract/chat';
import { useChat } from '../state/chat';
import { useCounters } from '../state/counters';
import { handlers, type HandlerContext } from './handlers';

const context: HandlerContext = { memberId: 1, openConversationId: () => null, resync: () => {}, refreshChats: () => {}, markOpenRead: () => {} };

describe('counters handler', () => {
  beforeEach(() => useCounters.setState({ unreadMessages: 0, newLikes: 0, credits: null }));

  it('takes the new balance a purchase sends, for the nav credits badge', () => {
    handlers.counters({ type: 'counters', unread_messages: 2, credits: 125 }, context);
    expect(useCounters.getState()).toMatchObject({ unreadMessages: 2, credits: 125 });
  });

  it('keeps the known balance when the event carries none', () => {
    useCounters.setState({ credits: 40 });
    handlers.counters({ type: 'counters', unread_messages: 0, new_likes: 3 }, context);
    expect(useCounters.getState()).toMatchObject({ newLikes: 3, credits: 40 });
  });
});

const message = (id: number, conversationId: number, senderId: number): ChatMessage => ({
  id,
  conversation_id: conversationId,
  sender_id: senderId,
  kind: 'text',
  text: `message ${id}`,
  gift_id: null,
  photo: null,
  credits_spent: 0,
  held: false,
  created_at: new Date(Date.UTC(2026, 10, 22, 10, 0, id)).toISOString(),
  read: false,
});
const chat = (conversationId: number, lastId: number, unread: number): ChatsResponse['chats'][number] =>
  ({
    conversation: { id: conversationId },
    profile: { id: 100 + conversationId, name: `Member ${conversationId}`, main_image: null, is_fictional: false },
    last_message: { id: lastId, text: `message ${lastId}`, kind: 'text', mine: false },
    last_message_at: new Date(Date.UTC(2026, 10, 22, 10, 0, lastId)).toISOString(),
    num_unread_messages: unread,
  }) as ChatsResponse['chats'][number];

describe('message_new handler', () => {
  beforeEach(() => useChat.setState({ chats: [chat(7, 3, 2), chat(8, 1, 0)], messages: {}, lastSeenId: 3 }));

  it('never counts unread messages itself: a message replayed by a resync would count twice', () => {
    const refreshChats = vi.fn();
    for (const id of [2, 3]) handlers.message_new({ type: 'message_new', message: message(id, 7, 2) }, { ...context, refreshChats });
    expect(useChat.getState().chats.find((item) => item.conversation.id === 7)!.num_unread_messages).toBe(2);
    // The counts come from the server instead (refreshChats coalesces the burst into one request).
    expect(refreshChats).toHaveBeenCalled();
  });

  it('moves the conversation up with its newest message at once', () => {
    handlers.message_new({ type: 'message_new', message: message(9, 8, 5) }, context);
    expect(useChat.getState().chats.map((item) => [item.conversation.id, item.last_message!.id])).toEqual([
      [8, 9],
      [7, 3],
    ]);
  });

  it('asks for no list for the member’s own message, and marks the open conversation read instead of refreshing', () => {
    const refreshChats = vi.fn();
    const markOpenRead = vi.fn();
    handlers.message_new({ type: 'message_new', message: message(10, 7, 1) }, { ...context, refreshChats, markOpenRead });
    handlers.message_new({ type: 'message_new', message: message(11, 8, 5) }, { ...context, refreshChats, markOpenRead, openConversationId: () => 8 });
    expect(refreshChats).not.toHaveBeenCalled();
    expect(markOpenRead).toHaveBeenCalledTimes(1);
  });

  it('asks for the list when a new conversation starts', () => {
    const refreshChats = vi.fn();
    handlers.message_new({ type: 'message_new', message: message(12, 9, 6) }, { ...context, refreshChats });
    expect(refreshChats).toHaveBeenCalledTimes(1);
  });
});

describe('resync_done handler', () => {
  beforeEach(() => useChat.setState({ chats: [], messages: {}, lastSeenId: null }));

  it('keeps the server’s cursor for the next resync, and asks again while there is more', () => {
    const resync = vi.fn();
    handlers.resync_done({ type: 'resync_done', last_message_id: 40, has_more: false }, { ...context, resync });
    expect(useChat.getState().lastSeenId).toBe(40);
    expect(resync).not.toHaveBeenCalled();
    handlers.resync_done({ type: 'resync_done', last_message_id: 30, has_more: true }, { ...context, resync });
    expect(useChat.getState().lastSeenId).toBe(40);
    expect(resync).toHaveBeenCalledTimes(1);
  });
});

describe('match_new handler', () => {
  it('marks the conversation with the new match in the chat list at once, and no other', () => {
    useChat.setState({ chats: [chat(1, 10, 0), chat(2, 20, 0)] });
    handlers.match_new({ type: 'match_new', profile: { id: 102, name: 'Member 2', main_image: null, is_fictional: false } }, context);
    expect(useChat.getState().chats.map((item) => [item.profile.id, item.matched ?? false])).toEqual([
      [101, false],
      [102, true],
    ]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/chat';
import { useChat } from './chat';

const message = (id: number, read = false): ChatMessage => ({
  id,
  conversation_id: 7,
  sender_id: 1,
  kind: 'text',
  text: `message ${id}`,
  gift_id: null,
  photo: null,
  credits_spent: 0,
  held: false,
  created_at: '2026-11-22T10:00:00.000Z',
  read,
});

describe('chat store', () => {
  beforeEach(() => useChat.setState({ chats: [], messages: {}, lastSeenId: null, removed: {} }));

  it('keeps each message once, oldest first', () => {
    useChat.getState().addMessage(message(3));
    useChat.getState().setHistory(7, [message(3), message(2), message(1)]);
    expect(useChat.getState().messages[7]!.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(useChat.getState().lastSeenId).toBe(3);
  });

  it('keeps a message read when the send’s own answer arrives after the read receipt', () => {
    useChat.getState().addMessage(message(5));
    useChat.getState().setHistory(7, [message(5, true)]);
    useChat.getState().addMessage(message(5));
    expect(useChat.getState().messages[7]![0]!.read).toBe(true);
  });

  it('has no cursor before any page data, then resyncs from the newest message of the first chat list', () => {
    expect(useChat.getState().lastSeenId).toBeNull();
    const chat = (id: number, lastId: number) => ({ conversation: { id }, last_message: { id: lastId, text: '', kind: 'text', mine: false } }) as never;
    useChat.getState().setChats([chat(7, 12), chat(8, 30)]);
    expect(useChat.getState().lastSeenId).toBe(30);
    // A later list never moves the cursor: messages missed meanwhile must still come in the resync.
    useChat.getState().setChats([chat(8, 45)]);
    expect(useChat.getState().lastSeenId).toBe(30);
  });

  it('starts from the member’s first empty chat list at 0, and takes the server’s cursor only forward', () => {
    useChat.getState().setChats([]);
    expect(useChat.getState().lastSeenId).toBe(0);
    useChat.getState().setCursor(25);
    useChat.getState().setCursor(20);
    expect(useChat.getState().lastSeenId).toBe(25);
  });

  it('keeps a removed chat out of a list loaded before the server deleted it, until a newer message or an undo', () => {
    const chat = (id: number, lastId: number) => ({ conversation: { id }, last_message: { id: lastId, text: '', kind: 'text', mine: false } }) as never;
    useChat.getState().setChats([chat(7, 12), chat(8, 30)]);
    useChat.getState().removeChat(7);
    expect(useChat.getState().chats.map((item) => item.conversation.id)).toEqual([8]);
    // A refresh asked for before the server deleted it still lists it.
    useChat.getState().setChats([chat(7, 12), chat(8, 30)]);
    expect(useChat.getState().chats.map((item) => item.conversation.id)).toEqual([8]);
    // The other member writes again: the chat is back with the new message.
    useChat.getState().setChats([chat(7, 31), chat(8, 30)]);
    expect(useChat.getState().chats.map((item) => item.conversation.id)).toEqual([7, 8]);

    useChat.getState().removeChat(8);
    useChat.getState().forgetRemoval(8);
    useChat.getState().setChats([chat(7, 31), chat(8, 30)]);
    expect(useChat.getState().chats.map((item) => item.conversation.id)).toEqual([7, 8]);
  });
});

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
  beforeEach(() => useChat.setState({ messages: {}, lastSeenId: 0 }));

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
});

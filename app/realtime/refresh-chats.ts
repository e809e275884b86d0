import type { ChatsResponse } from '../../contract/chat';
import { api } from '../lib/api-client';
import { coalesce } from '../lib/coalesce';
import { useChat } from '../state/chat';
import { useCounters } from '../state/counters';
import { useRealtime } from './realtime-store';

/** Long enough to take a burst of socket events (a resync, a batch) as one refresh. */
const REFRESH_DELAY_MS = 150;

/** The chat list and its unread counts as the server has them. */
export async function loadChats() {
  const fresh = await api<ChatsResponse>('chats.php');
  useChat.getState().setChats(fresh.chats);
  // The conversation on screen is being read: its own refresh marks it so on the server.
  const open = useRealtime.getState().openConversationId;
  if (open !== null) useChat.getState().markOpened(open);
  useCounters.getState().set({ unreadMessages: fresh.total_unread_messages });
  return fresh;
}

/**
 * Asks for a fresh chat list: unread counts are the server's, never counted up from socket
 * events (a replayed event would count twice). Bursts cost one `chats.php`, never one each.
 */
export const refreshChats = coalesce(loadChats, REFRESH_DELAY_MS);

/** Marks the open conversation's messages read on the server (which sends the receipts); once per burst. */
export const markOpenConversationRead = coalesce(async () => {
  const open = useRealtime.getState().openConversationId;
  if (open !== null && open > 0) await api('messages-read.php', { method: 'POST', body: { conversation: { id: open } } });
}, REFRESH_DELAY_MS);

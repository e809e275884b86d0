import type { SendMessageInput, SendMessageResponse } from '../../contract/chat';
import { api } from '../lib/api-client';
import { useRealtime } from './realtime-store';
import { SocketSendLost } from './socket-sends';

/**
 * Sends a text message the quickest way there is: over the tab's socket when it is open,
 * else — or when the socket drops it — as `POST /api/messages.php` with the same `client_id`,
 * so a message the socket did carry is answered again, never charged again.
 */
export async function sendTextMessage(input: SendMessageInput): Promise<SendMessageResponse> {
  const overSocket = useRealtime.getState().connection?.sendMessage(input);
  if (overSocket) {
    try {
      return await overSocket;
    } catch (error) {
      if (!(error instanceof SocketSendLost)) throw error;
    }
  }
  return api<SendMessageResponse>('messages.php', { method: 'POST', body: input });
}

import type { SendMessageInput, SendMessageResponse } from '../../contract/chat';
import { errorStatus } from '../../contract/error-status';
import type { ServerEventOf } from '../../contract/ws-events';
import { ApiError } from '../lib/api-client';

/** How long a tab waits for the socket's answer before sending the same message over HTTP. */
export const SOCKET_ANSWER_TIMEOUT_MS = 8_000;

/** The socket could not carry the send (closed, or no answer in time); HTTP with the same `client_id` may. */
export class SocketSendLost extends Error {
  constructor() {
    super('the socket did not answer');
    this.name = 'SocketSendLost';
  }
}

interface Waiting {
  resolve: (result: SendMessageResponse) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Messages this tab sent over its socket, waiting for `message_sent` or `message_refused`
 * by `client_id`. A refusal is an `ApiError` with the server's code and text, exactly as over
 * HTTP; a socket that closes or stays silent rejects with `SocketSendLost`.
 */
export function createSocketSends(write: (event: { type: 'send_message' } & SendMessageInput) => void, timeoutMs = SOCKET_ANSWER_TIMEOUT_MS) {
  const waiting = new Map<string, Waiting>();

  const settle = (clientId: string) => {
    const entry = waiting.get(clientId);
    if (entry) {
      clearTimeout(entry.timer);
      waiting.delete(clientId);
    }
    return entry;
  };

  return {
    send(input: SendMessageInput): Promise<SendMessageResponse> {
      settle(input.client_id)?.reject(new SocketSendLost());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => settle(input.client_id)?.reject(new SocketSendLost()), timeoutMs);
        waiting.set(input.client_id, { resolve, reject, timer });
        write({ type: 'send_message', ...input });
      });
    },
    sent({ client_id, message, credits, next_message_price }: ServerEventOf<'message_sent'>) {
      settle(client_id)?.resolve({ message, credits, next_message_price });
    },
    refused({ client_id, error, message }: ServerEventOf<'message_refused'>) {
      settle(client_id)?.reject(new ApiError(errorStatus[error], { error, message }));
    },
    /** The socket closed: nothing waiting will be answered on it. */
    lost() {
      for (const clientId of [...waiting.keys()]) settle(clientId)?.reject(new SocketSendLost());
    },
  };
}

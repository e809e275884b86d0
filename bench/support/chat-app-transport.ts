import WebSocket from 'ws';
import type { ChatBenchMember } from './chat-data';
import type { ChatTransport } from './chat-load';
import { HttpConnection } from './http-connection';

const CONNECT_CHUNK = 100;

/** How members send: over their tab's socket, as the web app does, or with `POST /api/messages.php`. */
export type SendPath = 'socket' | 'http';

/**
 * The real app as members use it: each member has one WebSocket on `/api/ws` (session
 * cookie), on which their partner's messages arrive as `message_new`, and sends either as
 * `send_message` on that socket (answered by `message_sent`) or on their own keep-alive HTTP
 * connection. The text carries the sequence number, so the recipient side knows which send
 * just arrived.
 */
export async function connectAppMembers(baseUrl: string, host: string, members: ChatBenchMember[], runId: string, path: SendPath): Promise<ChatTransport> {
  const { port } = new URL(baseUrl);
  const http: HttpConnection[] = [];
  const sockets: WebSocket[] = [];
  let delivered: (seq: number) => void = () => {};
  // Socket sends waiting for `message_sent`, by client id.
  const answers = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();

  for (let start = 0; start < members.length; start += CONNECT_CHUNK) {
    await Promise.all(
      members.slice(start, start + CONNECT_CHUNK).map(async (member, offset) => {
        const index = start + offset;
        if (path === 'http') http[index] = await HttpConnection.open(Number(port), host);
        sockets[index] = await openMemberSocket(baseUrl, member.token);
        sockets[index].on('message', (data: Buffer) => {
          // Cheap filter first: skip counters without parsing them.
          if (data[9] !== 0x6d /* '{"type":"m…' */) return;
          const event = JSON.parse(data.toString()) as { type: string; client_id?: string; error?: string; message?: { sender_id: number; text: string } };
          if (event.type === 'message_sent' || event.type === 'message_refused') {
            const waiting = answers.get(event.client_id!);
            answers.delete(event.client_id!);
            if (event.type === 'message_sent') waiting?.resolve();
            else waiting?.reject(new Error(`refused: ${event.error}`));
            return;
          }
          if (event.type !== 'message_new' || event.message!.sender_id === member.id) return;
          delivered(Number(event.message!.text.slice(6)));
        });
      }),
    );
  }

  return {
    members: members.length,
    async send(from, seq) {
      const member = members[from];
      const clientId = `${runId}-${seq}`;
      if (path === 'socket') {
        return new Promise<void>((resolve, reject) => {
          answers.set(clientId, { resolve, reject });
          sockets[from].send(JSON.stringify({ type: 'send_message', conversation_id: member.conversationId, text: `bench ${seq}`, client_id: clientId }));
        });
      }
      const body = JSON.stringify({ conversation_id: member.conversationId, text: `bench ${seq}`, client_id: clientId });
      const response = await http[from].post('/api/messages.php', `rdv_session=${member.token}`, body);
      if (response.status !== 201) throw new Error(`HTTP ${response.status} ${/"code":"([a-z_]+)"/.exec(response.body)?.[1] ?? ''}`.trim());
    },
    onDelivered(handler) {
      delivered = handler;
    },
    unanswered: () => answers.size + http.reduce((sum, connection) => sum + (connection?.inFlight ?? 0), 0),
    async close() {
      for (const connection of http) connection?.close();
      await closeSockets(sockets);
    },
  };
}

/** A member's tab: `/api/ws` with the session cookie; resolves once open. */
export function openMemberSocket(baseUrl: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie: `rdv_session=${token}` }, perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed before it opened (${code})`)));
  });
}

export async function closeSockets(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.terminate();
        }),
    ),
  );
}

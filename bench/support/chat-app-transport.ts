import WebSocket from 'ws';
import type { ChatBenchMember } from './chat-data';
import type { ChatTransport } from './chat-load';
import { HttpConnection } from './http-connection';

const CONNECT_CHUNK = 100;

/**
 * The real app as members use it: each member has their own keep-alive HTTP connection, on
 * which they `POST /api/messages.php`, and one WebSocket on `/api/ws` (session cookie), on
 * which their partner's messages arrive as `message_new`. The text carries the sequence
 * number, so the recipient side knows which send just arrived.
 */
export async function connectAppMembers(baseUrl: string, host: string, members: ChatBenchMember[], runId: string): Promise<ChatTransport> {
  const { port } = new URL(baseUrl);
  const http: HttpConnection[] = [];
  const sockets: WebSocket[] = [];
  let delivered: (seq: number) => void = () => {};

  for (let start = 0; start < members.length; start += CONNECT_CHUNK) {
    await Promise.all(
      members.slice(start, start + CONNECT_CHUNK).map(async (member, offset) => {
        const index = start + offset;
        http[index] = await HttpConnection.open(Number(port), host);
        sockets[index] = await openMemberSocket(baseUrl, member.token);
        sockets[index].on('message', (data: Buffer) => {
          // Cheap filter first: most frames are the sender's own copy or counters.
          if (data[9] !== 0x6d /* '{"type":"m…' */) return;
          const event = JSON.parse(data.toString()) as { type: string; message?: { sender_id: number; text: string } };
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
      const body = JSON.stringify({ conversation_id: member.conversationId, text: `bench ${seq}`, client_id: `${runId}-${seq}` });
      const response = await http[from].post('/api/messages.php', `rdv_session=${member.token}`, body);
      if (response.status !== 201) throw new Error(`HTTP ${response.status} ${/"code":"([a-z_]+)"/.exec(response.body)?.[1] ?? ''}`.trim());
    },
    onDelivered(handler) {
      delivered = handler;
    },
    unanswered: () => http.reduce((sum, connection) => sum + connection.inFlight, 0),
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

import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { closeSockets } from './chat-app-transport';
import type { ChatTransport } from './chat-load';
import { forkChildServer } from './child-server';

/**
 * The transport ceiling of the chat bench: a bare `ws` server in its own process (as the app
 * runs in its own) that forwards every frame from member i to member i ^ 1 — no session, no
 * database, no validation. Members send the same `message_new` JSON the app delivers, so the
 * bytes on the wire match.
 */
export async function startWsRelay(members: number): Promise<ChatTransport> {
  const relay = forkChildServer(fileURLToPath(import.meta.url), 'BENCH_WS_RELAY_CHILD', 'ws relay');
  const port = await relay.port;

  const sockets: WebSocket[] = [];
  let delivered: (seq: number) => void = () => {};
  for (let start = 0; start < members; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, members - start) }, (_, offset) => start + offset).map(
        (index) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(`ws://127.0.0.1:${port}/?m=${index}`, { perMessageDeflate: false });
            sockets[index] = socket;
            socket.once('open', () => resolve());
            socket.once('error', reject);
            socket.on('message', (data: Buffer) => {
              const event = JSON.parse(data.toString()) as { message: { text: string } };
              delivered(Number(event.message.text.slice(6)));
            });
          }),
      ),
    );
  }

  return {
    members,
    async send(from, seq) {
      sockets[from].send(JSON.stringify(sampleEvent(from, seq)));
    },
    onDelivered(handler) {
      delivered = handler;
    },
    unanswered: () => 0,
    async close() {
      await closeSockets(sockets);
      await relay.stop();
    },
  };
}

/** A `message_new` event shaped like the app's. */
function sampleEvent(from: number, seq: number) {
  return {
    type: 'message_new',
    message: {
      id: seq,
      conversation_id: (from >> 1) + 1,
      sender_id: from + 1,
      kind: 'text',
      text: `bench ${seq}`,
      gift_id: null,
      photo: null,
      credits_spent: 1,
      held: false,
      read: false,
      created_at: new Date().toISOString(),
    },
  };
}

/** Child side: listen, pair sockets by member index, forward every frame to the partner. */
function runChild() {
  const byMember = new Map<number, WebSocket>();
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  server.on('connection', (socket, request) => {
    const member = Number(new URL(request.url ?? '/', 'http://relay').searchParams.get('m'));
    byMember.set(member, socket);
    socket.on('message', (data, isBinary) => byMember.get(member ^ 1)?.send(data, { binary: isBinary }));
    socket.on('close', () => byMember.delete(member));
  });
  server.on('listening', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (process.env.BENCH_WS_RELAY_CHILD === '1') runChild();

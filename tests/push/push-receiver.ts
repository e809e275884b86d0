import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The endpoint's path on the receiver, e.g. `/push/anna-phone`. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** When it arrived, by the real clock (VAPID expiry is checked against real time). */
  at: Date;
}

/**
 * A push service on this machine (plain http on 127.0.0.1): it records every push and answers
 * with the status a test chose for the endpoint (201 Created, as real push services do, when
 * none was chosen), or never answers at all (`'hang'`), to try timeouts.
 */
export async function startPushReceiver() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number | 'hang'>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), at: new Date() });
      const answer = answers.get(path) ?? 201;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 400 ? 'push service says no' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** What a browser's VAPID JWT audience must be for this push service. */
    origin,
    received,
    /** The subscription endpoint of one (made-up) browser. */
    endpoint: (name: string) => `${origin}/push/${name}`,
    answer(name: string, status: number | 'hang') {
      answers.set(`/push/${name}`, status);
    },
    receivedAt: (name: string) => received.filter((push) => push.path === `/push/${name}`),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;

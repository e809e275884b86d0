import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Writes events to tabs. Two savings, both measured in `bench/chat` (ADR 0013):
 *
 * - Frames for one tab produced in the same turn of the event loop leave in one write. A
 *   message reaches its recipient as `message_new` plus `counters`, and its sender as the
 *   answer plus `message_new`; each socket write is a system call that also wakes the reader,
 *   and those writes were the largest single cost of a message (a third of the server's busy
 *   time). The tab's TCP socket is corked on its first frame and uncorked once the turn ends.
 * - The same event object sent to several tabs (both members of a conversation, a member's
 *   other tabs) is turned into JSON once.
 */
export function createSocketOutput() {
  const corked = new Set<Duplex>();
  let uncorkScheduled = false;
  let lastEvent: object | null = null;
  let lastText = '';

  function uncorkAll() {
    uncorkScheduled = false;
    for (const stream of corked) stream.uncork();
    corked.clear();
    // Let the last event go: it is garbage once written.
    lastEvent = null;
    lastText = '';
  }

  function cork(socket: WebSocket) {
    // `ws` keeps its TCP socket in `_socket` and has no public way to batch frames.
    const stream = (socket as unknown as { _socket?: Duplex })._socket;
    if (!stream || corked.has(stream)) return;
    stream.cork();
    corked.add(stream);
    if (!uncorkScheduled) {
      uncorkScheduled = true;
      setImmediate(uncorkAll);
    }
  }

  return {
    send(socket: WebSocket, event: object) {
      if (event !== lastEvent) {
        lastEvent = event;
        lastText = JSON.stringify(event);
      }
      cork(socket);
      socket.send(lastText);
    },
    /** Writes everything still corked (shutdown, tests). */
    flush: uncorkAll,
  };
}

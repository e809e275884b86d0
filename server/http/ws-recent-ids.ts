/**
 * The newest message ids a socket was sent, oldest forgotten first. A tab resyncs from the
 * newest id it has *received*; a message the server sent live just before that request (still
 * on the wire, or sent between the socket opening and the tab's first resync) is newer than
 * the tab's cursor, and the resync would send it a second time; and a message a resync sent may
 * still arrive live afterwards, when the bus lags the commit. The gateway sends neither twice.
 * Only the last moments matter, so a small window suffices and a busy tab costs a few KB.
 */
export const RECENT_IDS_KEPT = 256;

export class RecentIds {
  /**
   * A ring of the last ids (0: free; ids start at 1). A Set did the same, but forgetting its
   * oldest id every time left holes it rebuilt its table to reclaim: two messages a second per
   * busy tab made garbage steadily. The ring never allocates after its first message, and
   * looking through 256 numbers is as quick as a hash.
   */
  private readonly ids: Float64Array;
  private next = 0;
  /**
   * The largest id ever added. Every id in the ring is at most this, so a larger one is new
   * without a look: live messages reach a tab newest last, and this spares nearly every
   * delivery its two scans of the ring (2 % of the server's busy time in the chat closed loop).
   */
  private largest = 0;

  constructor(capacity = RECENT_IDS_KEPT) {
    this.ids = new Float64Array(capacity);
  }

  add(id: number) {
    if (this.has(id)) return;
    this.ids[this.next] = id;
    this.next = (this.next + 1) % this.ids.length;
    if (id > this.largest) this.largest = id;
  }

  has(id: number): boolean {
    // 0 marks a free place, not an id.
    return id <= this.largest && id !== 0 && this.ids.includes(id);
  }
}

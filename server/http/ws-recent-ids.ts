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
  private readonly ids = new Set<number>();

  constructor(private readonly capacity = RECENT_IDS_KEPT) {}

  add(id: number) {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    // A Set iterates in insertion order: the first is the oldest.
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }
}

import WebSocket from 'ws';
import { reconnectDelay } from '../../app/realtime/reconnect-delay';

/**
 * A member's tab as the web app behaves when instances come and go: one socket through the
 * load balancer; when it closes it reconnects with the web app's own delays (at once within a
 * second after a 1012 drain, capped jittered back-off otherwise), resyncs from the newest message id it has seen, and sends again,
 * with the same client id, every message whose acknowledgement it had not received.
 */
export interface TabStats {
  /** Message ids delivered to this tab, with how many times each arrived. */
  received: Map<number, number>;
  /** Acknowledged sends: client id → message id. */
  acked: Map<string, number>;
  /** Milliseconds from each unexpected close until the next `resync_done`. */
  recoveries: number[];
  /**
   * Texts delivered under a second message id: one send stored twice (a retry after a failover
   * that the idempotency key did not catch). The web app merges by id, so unlike a repeated id
   * this is a duplicate the member would see. Every text of a bench run is unique.
   */
  storedTwice: number;
}

export class ResilientTab {
  readonly stats: TabStats = { received: new Map(), acked: new Map(), recoveries: [], storedTwice: 0 };
  private idOfText = new Map<string, number>();
  private socket: WebSocket | null = null;
  private lastSeen = 0;
  private unacked = new Map<string, string>();
  private closedAt: number | null = null;
  private stopped = false;
  private attempts = 0;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly memberId: number,
  ) {}

  /** Resolves once the first socket is open and has resynced. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => this.open(resolve, reject));
  }

  /** Sends a text into a conversation; the acknowledgement is counted when it comes. */
  send(conversationId: number, clientId: string, text: string) {
    const frame = JSON.stringify({ type: 'send_message', conversation_id: conversationId, text, client_id: clientId });
    this.unacked.set(clientId, frame);
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(frame);
  }

  get pending(): number {
    return this.unacked.size;
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN && this.closedAt === null;
  }

  /** Asks for everything missed once more (the end of a run: nothing may stay undelivered). */
  resync() {
    this.socket?.send(JSON.stringify({ type: 'resync', after_message_id: this.lastSeen }));
  }

  stop() {
    this.stopped = true;
    this.socket?.terminate();
  }

  private open(onReady?: () => void, onFail?: (error: Error) => void) {
    const socket = new WebSocket(`${this.url.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie: `rdv_session=${this.token}` }, perMessageDeflate: false });
    this.socket = socket;
    socket.on('open', () => {
      socket.send(JSON.stringify(this.lastSeen ? { type: 'resync', after_message_id: this.lastSeen } : { type: 'resync' }));
    });
    socket.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString()) as {
        type: string;
        client_id?: string;
        message?: { id: number; sender_id: number; text: string };
        last_message_id?: number;
        has_more?: boolean;
      };
      if (event.type === 'message_new') {
        const id = event.message!.id;
        if (event.message!.sender_id !== this.memberId) {
          this.stats.received.set(id, (this.stats.received.get(id) ?? 0) + 1);
          const earlierId = this.idOfText.get(event.message!.text);
          if (earlierId === undefined) this.idOfText.set(event.message!.text, id);
          else if (earlierId !== id) this.stats.storedTwice += 1;
        }
        if (id > this.lastSeen) this.lastSeen = id;
      } else if (event.type === 'message_sent') {
        this.unacked.delete(event.client_id!);
        this.stats.acked.set(event.client_id!, event.message!.id);
      } else if (event.type === 'message_refused') {
        // Refused for a reason other than the connection (no credits here): not a loss of the cluster's.
        this.unacked.delete(event.client_id!);
      } else if (event.type === 'resync_done') {
        if (event.last_message_id! > this.lastSeen) this.lastSeen = event.last_message_id!;
        if (event.has_more) return this.resync();
        this.attempts = 0;
        if (this.closedAt !== null) this.stats.recoveries.push(Date.now() - this.closedAt);
        this.closedAt = null;
        // What never got its answer goes again; its client id makes the server keep one copy.
        for (const frame of this.unacked.values()) socket.send(frame);
        onReady?.();
        onReady = undefined;
      }
    });
    socket.on('error', (error) => {
      if (onFail) {
        onFail(error);
        onFail = undefined;
      }
    });
    socket.on('close', (code) => {
      if (this.stopped) return;
      this.closedAt ??= Date.now();
      this.attempts += 1;
      setTimeout(() => this.open(), reconnectDelay(this.attempts, code));
    });
  }
}

/**
 * The chat bench's load: members in pairs, each message sent by one and counted when it
 * reaches the other. One driver runs the same closed loop and fixed rates over any transport
 * — the real app (HTTP send, WebSocket delivery) or the bare `ws` relay (the ceiling).
 */

export interface ChatTransport {
  /** How many members (indexes 0…n-1; member i's partner is i ^ 1). */
  readonly members: number;
  /** Sends message `seq` from member `from`; resolves when the sender holds an acknowledgement. */
  send(from: number, seq: number): Promise<void>;
  /** `handler(seq)` runs when message `seq` reaches its recipient's socket. */
  onDelivered(handler: (seq: number) => void): void;
  /** Sends still waiting for their answer (a phase ends only once the server has caught up). */
  unanswered(): number;
  close(): Promise<void>;
}

export interface PhaseResult {
  /** Messages acknowledged and delivered in the measured window. */
  delivered: number;
  seconds: number;
  /** Send → delivery in ms (closed loop: from the send; fixed rate: from the scheduled time). */
  latencies: number[];
  /** Refused or broken sends, by reason. */
  failures: Map<string, number>;
  /** Fixed rate: messages offered, and those still undelivered when the phase ended. */
  offered?: number;
  undelivered?: number;
  /** Fixed rate: the phase stopped early because the backlog kept growing. */
  saturated?: boolean;
}

interface Pending {
  from: number;
  startAt: number;
  acked: boolean;
  deliveredAt: number;
  failed: string | null;
  done?: () => void;
}

interface Recorder {
  latencies: number[];
  failures: Map<string, number>;
  delivered: number;
}

const newRecorder = (): Recorder => ({ latencies: [], failures: new Map(), delivered: 0 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createLoadDriver(transport: ChatTransport) {
  const pending = new Map<number, Pending>();
  let nextSeq = 1;
  let recorder: Recorder | null = null;
  /** Fixed rate: messages due before this moment belong to the warm-up and are not recorded. */
  let recordFrom = 0;

  transport.onDelivered((seq) => {
    const message = pending.get(seq);
    if (!message || message.deliveredAt) return;
    message.deliveredAt = performance.now();
    settle(seq, message);
  });

  function settle(seq: number, message: Pending) {
    if (!message.failed && !(message.acked && message.deliveredAt)) return;
    pending.delete(seq);
    if (recorder && message.startAt >= recordFrom) {
      if (message.failed) recorder.failures.set(message.failed, (recorder.failures.get(message.failed) ?? 0) + 1);
      else {
        recorder.delivered += 1;
        recorder.latencies.push(message.deliveredAt - message.startAt);
      }
    }
    message.done?.();
  }

  function issue(from: number, startAt: number, done?: () => void) {
    const seq = nextSeq++;
    const message: Pending = { from, startAt, acked: false, deliveredAt: 0, failed: null, done };
    pending.set(seq, message);
    transport.send(from, seq).then(
      () => {
        message.acked = true;
        settle(seq, message);
      },
      (error: unknown) => {
        message.failed = error instanceof Error ? error.message : String(error);
        settle(seq, message);
      },
    );
  }

  /** Waits for the stragglers; returns how many never arrived. Then lets the server finish what it still holds, so the next phase starts from quiet. */
  async function drain(timeoutMs: number) {
    const deadline = performance.now() + timeoutMs;
    while (pending.size && performance.now() < deadline) await sleep(20);
    const left = pending.size;
    pending.clear();
    const quiet = performance.now() + 60_000;
    while (transport.unanswered() && performance.now() < quiet) await sleep(50);
    return left;
  }

  return {
    /**
     * Every member keeps exactly one message in flight: the next leaves once the previous is
     * acknowledged and delivered. Counts deliveries over `seconds` after `warmupSeconds`.
     */
    async closedLoop(seconds: number, warmupSeconds: number): Promise<PhaseResult> {
      let running = true;
      const loop = (from: number) => issue(from, performance.now(), () => running && loop(from));
      for (let member = 0; member < transport.members; member++) loop(member);
      await sleep(warmupSeconds * 1000);
      recorder = newRecorder();
      const started = performance.now();
      await sleep(seconds * 1000);
      const measured = recorder;
      const elapsed = (performance.now() - started) / 1000;
      recorder = null;
      running = false;
      await drain(10_000);
      return { delivered: measured.delivered, seconds: elapsed, latencies: measured.latencies, failures: measured.failures };
    },

    /**
     * Offers `rate` messages a second, round robin over the members, whether or not earlier
     * ones came back (open loop); latency counts from when each message was due, so a stalled
     * server cannot hide its queue. The first `warmupSeconds` run at the same rate and are not
     * recorded, as in the closed loop: the phase measures the server settled at this rate, not
     * its way down from the phase before. Stops early once 3 seconds' worth of messages are waiting.
     */
    async fixedRate(rate: number, seconds: number, warmupSeconds = 0): Promise<PhaseResult> {
      const measured = newRecorder();
      const started = performance.now();
      const warmup = warmupSeconds * 1000;
      recordFrom = started + warmup;
      let offered = 0;
      let offeredMeasured = 0;
      let saturated = false;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const elapsed = performance.now() - started;
          if (elapsed >= warmup) recorder ??= measured;
          if (elapsed >= warmup + seconds * 1000 || pending.size > rate * 3) {
            saturated = pending.size > rate * 3;
            clearInterval(timer);
            resolve();
            return;
          }
          const due = Math.floor((elapsed * rate) / 1000);
          for (; offered < due; offered++) {
            const dueAt = started + (offered * 1000) / rate;
            if (dueAt >= recordFrom) offeredMeasured++;
            issue(offered % transport.members, dueAt);
          }
        }, 1);
      });
      const issuingSeconds = Math.max(performance.now() - recordFrom, 1) / 1000;
      const deliveredWhileIssuing = measured.delivered;
      const undelivered = await drain(5_000);
      recorder = null;
      recordFrom = 0;
      // A message never delivered counts as infinitely late, so it shows in p99 instead of vanishing.
      const latencies = [...measured.latencies, ...Array.from({ length: undelivered }, () => Infinity)];
      return {
        delivered: deliveredWhileIssuing,
        seconds: issuingSeconds,
        latencies,
        failures: measured.failures,
        offered: offeredMeasured,
        undelivered,
        saturated,
      };
    },
  };
}

/** The p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

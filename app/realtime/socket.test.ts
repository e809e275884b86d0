import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE } from '../../contract/ws-events';
import { connectRealtime } from './socket';

/** A browser WebSocket whose server side the test plays: it opens, closes with a code, or never answers. */
class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'https:', host: 'rendezvous.example' } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const connect = () => connectRealtime({ memberId: 7, openConversationId: () => null, onAuthenticationLost: vi.fn() });

describe('the tab’s socket', () => {
  it('comes back within a second when its instance drains (1012), and resyncs', async () => {
    const connection = connect();
    FakeSocket.opened[0]!.accept();
    FakeSocket.opened[0]!.drop(WS_CLOSE.serviceRestart);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1]!.accept();
    expect(FakeSocket.opened[1]!.sent.map((data) => JSON.parse(data).type)).toEqual(['resync']);
    connection.close();
  });

  it('backs off after a lost connection, and after a second drain in a row', async () => {
    const connection = connect();
    FakeSocket.opened[0]!.accept();
    FakeSocket.opened[0]!.drop(WS_CLOSE.serviceRestart);
    await vi.advanceTimersByTimeAsync(1_000);
    // The next instance is gone too before the tab got in: now it waits as for any outage.
    FakeSocket.opened[1]!.drop(WS_CLOSE.serviceRestart);
    await vi.advanceTimersByTimeAsync(450);
    expect(FakeSocket.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSocket.opened).toHaveLength(3);
    connection.close();
  });

  it('never waits longer than a few seconds, however long the outage lasted', async () => {
    const connection = connect();
    for (let failures = 0; failures < 10; failures++) {
      FakeSocket.opened.at(-1)!.drop(1006);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(FakeSocket.opened).toHaveLength(failures + 2);
    }
    connection.close();
  });
});

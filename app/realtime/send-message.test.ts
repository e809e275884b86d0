import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendMessageResponse } from '../../contract/chat';
import { ApiError } from '../lib/api-client';
import { useRealtime } from './realtime-store';
import { sendTextMessage } from './send-message';
import { createSocketSends, SocketSendLost } from './socket-sends';
import type { RealtimeConnection } from './socket';

const input = { conversation_id: 7, text: 'Hello', client_id: 'client-0001' };
const answer: SendMessageResponse = {
  message: {
    id: 1,
    conversation_id: 7,
    sender_id: 3,
    kind: 'text',
    text: 'Hello',
    gift_id: null,
    photo: null,
    credits_spent: 10,
    held: false,
    read: false,
    created_at: '2026-11-22T10:00:00.000Z',
  },
  credits: 40,
  next_message_price: 10,
};

/** A tab's connection whose socket answers (or not) as each test says. */
function connectionWith(sendMessage: RealtimeConnection['sendMessage']) {
  useRealtime.setState({ connection: { sendTyping: () => {}, close: () => {}, sendMessage } });
}

function httpAnswering(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useRealtime.setState({ connection: null });
});

describe('sendTextMessage', () => {
  it('sends over the open socket and never over HTTP', async () => {
    const fetchMock = httpAnswering(500, {});
    connectionWith(() => Promise.resolve(answer));
    expect(await sendTextMessage(input)).toEqual(answer);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the same body over HTTP when there is no socket, or the socket lost the send', async () => {
    const fetchMock = httpAnswering(201, answer);
    expect(await sendTextMessage(input)).toEqual(answer);
    connectionWith(() => Promise.reject(new SocketSendLost()));
    expect(await sendTextMessage(input)).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [url, init] of fetchMock.mock.calls as unknown as [string, RequestInit][]) {
      expect(url).toBe('/api/messages.php');
      expect(JSON.parse(String(init.body))).toEqual(input);
    }
  });

  it('passes a refusal on as it is, without trying HTTP', async () => {
    const fetchMock = httpAnswering(201, answer);
    connectionWith(() => Promise.reject(new ApiError(402, { error: 'insufficient_credits', message: 'You do not have enough credits' })));
    await expect(sendTextMessage(input)).rejects.toMatchObject({ code: 'insufficient_credits', message: 'You do not have enough credits' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('createSocketSends', () => {
  it('settles each send by its client id', async () => {
    const written: unknown[] = [];
    const sends = createSocketSends((event) => written.push(event));
    const first = sends.send(input);
    const second = sends.send({ ...input, client_id: 'client-0002' });
    expect(written).toEqual([
      { type: 'send_message', ...input },
      { type: 'send_message', ...input, client_id: 'client-0002' },
    ]);

    sends.refused({ type: 'message_refused', client_id: 'client-0002', error: 'insufficient_credits', message: 'You do not have enough credits' });
    sends.sent({ type: 'message_sent', client_id: 'client-0001', ...answer });
    await expect(first).resolves.toEqual(answer);
    const refusal = await second.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 402, code: 'insufficient_credits' });
  });

  it('gives up when the socket closes or stays silent', async () => {
    vi.useFakeTimers();
    const sends = createSocketSends(() => {}, 1_000);
    const closedOn = sends.send(input);
    sends.lost();
    await expect(closedOn).rejects.toBeInstanceOf(SocketSendLost);

    const silent = sends.send({ ...input, client_id: 'client-0003' });
    vi.advanceTimersByTime(1_000);
    await expect(silent).rejects.toBeInstanceOf(SocketSendLost);
    // A late answer for a send already given up changes nothing.
    sends.sent({ type: 'message_sent', client_id: 'client-0003', ...answer });
  });
});

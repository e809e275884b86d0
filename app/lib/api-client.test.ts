import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, onAuthenticationLost, sendWithRetries, toApiError } from './api-client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api', () => {
  it('marks calls to user.php as client requests', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { user: {} }));
    const headersOf = (call: number) => fetchImpl.mock.calls[call][1]!.headers as Record<string, string>;
    await api('user.php', { fetchImpl });
    expect(headersOf(0)['x-request-type']).toBe('client');
    await api('chats.php', { fetchImpl });
    expect(headersOf(1)['x-request-type']).toBeUndefined();
  });

  it('retries network errors and 5xx up to five times, then gives up', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => json(503, { error: 'internal_error', message: 'down' }));
    const call = api('settings.php', { fetchImpl }).catch((error) => error);
    await vi.runAllTimersAsync();
    expect(await call).toBeInstanceOf(ApiError);
    expect(fetchImpl).toHaveBeenCalledTimes(6);
    vi.useRealTimers();
  });

  it('sends a POST that a repeat could double once, and retries one with an idempotency key', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => json(503, { error: 'internal_error', message: 'down' }));
    const report = api('reports.php', { method: 'POST', body: { reason: 'other', text: 'x' }, fetchImpl }).catch((error) => error);
    await vi.runAllTimersAsync();
    expect(await report).toBeInstanceOf(ApiError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const message = api('messages.php', { method: 'POST', body: { conversation_id: 1, body: 'hi', client_id: 'a1b2c3d4' }, fetchImpl }).catch((error) => error);
    await vi.runAllTimersAsync();
    await message;
    expect(fetchImpl).toHaveBeenCalledTimes(7);
    vi.useRealTimers();
  });

  it('retries an upload after a lost connection until it is answered', async () => {
    vi.useFakeTimers();
    const send = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(502, {}))
      .mockResolvedValueOnce(json(201, { photos: [] }));
    const answer = sendWithRetries(send, 5);
    await vi.runAllTimersAsync();
    expect((await answer).status).toBe(201);
    expect(send).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it('never retries a 4xx answer', async () => {
    const fetchImpl = vi.fn(async () => json(400, { error: 'validation_failed', message: 'bad', fields: [{ field: 'email', problem: 'Invalid email' }] }));
    const error = (await api('signup.php', { method: 'POST', body: {}, fetchImpl }).catch((e) => e)) as ApiError;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(error.fieldMessage('email')).toBe('Invalid email');
  });

  it('finds a field’s problem whether a rule or the request schema named it', () => {
    const error = new ApiError(400, { error: 'validation_failed', message: 'x', fields: [{ field: 'body.mobile', problem: 'Use at least 6 characters.' }] });
    expect(error.fieldMessage('mobile')).toBe('Use at least 6 characters.');
    expect(error.hasField('mobile')).toBe(true);
    expect(error.hasField('iban')).toBe(false);
  });

  it('reports a lost session from any call except user.php', async () => {
    const lost = vi.fn();
    const stop = onAuthenticationLost(lost);
    const fetchImpl = vi.fn(async () => json(403, { error: 'authentication_required', message: 'x' }));
    await api('user.php', { fetchImpl }).catch(() => {});
    expect(lost).not.toHaveBeenCalled();
    await api('chats.php', { fetchImpl }).catch(() => {});
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('toApiError', () => {
  const generic = 'An error occured, please try again later.';

  it('keeps a refusal the server explained (4xx) with its own text and fields', () => {
    const refused = new ApiError(402, { error: 'insufficient_credits', message: 'You do not have enough credits' });
    expect(toApiError(refused, generic)).toBe(refused);
  });

  it('turns a server error and a lost connection into the generic text', () => {
    const crashed = toApiError(new ApiError(503, { error: 'internal_error', message: 'An error has occurred.' }), generic);
    expect([crashed.status, crashed.code, crashed.message]).toEqual([503, 'internal_error', generic]);
    const offline = toApiError(new TypeError('Failed to fetch'), generic);
    expect([offline.status, offline.code, offline.message]).toEqual([0, 'internal_error', generic]);
  });
});

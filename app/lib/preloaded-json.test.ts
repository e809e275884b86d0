import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPreloadedJson } from './preloaded-json';

/** The catalogues' and the site settings' one fetch per address (app/lib/i18n.ts, app/lib/site-settings.ts). */

const answer = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('a preloaded JSON file', () => {
  it('is fetched once for everyone asking at the same time, in the preload’s mode', async () => {
    const fetch = vi.fn(async () => answer(200, { hello: 'world' }));
    vi.stubGlobal('fetch', fetch);
    const [one, two] = await Promise.all([fetchPreloadedJson('/locales/common/en.a.json'), fetchPreloadedJson('/locales/common/en.a.json')]);
    expect(one).toEqual({ hello: 'world' });
    expect(two).toBe(one);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/locales/common/en.a.json', { credentials: 'same-origin' });
  });

  it('is asked again after a server error, and not after a refusal', async () => {
    const flaky = vi
      .fn()
      .mockResolvedValueOnce(answer(503))
      .mockResolvedValueOnce(answer(200, { ok: true }));
    vi.stubGlobal('fetch', flaky);
    await expect(fetchPreloadedJson('/site-settings/en.b.json')).resolves.toEqual({ ok: true });
    expect(flaky).toHaveBeenCalledTimes(2);

    const missing = vi.fn(async () => answer(404));
    vi.stubGlobal('fetch', missing);
    await expect(fetchPreloadedJson('/site-settings/en.c.json')).rejects.toThrow('/site-settings/en.c.json: 404');
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so that a later ask tries again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404)),
    );
    await expect(fetchPreloadedJson('/locales/common/de.d.json')).rejects.toThrow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { again: true })),
    );
    await expect(fetchPreloadedJson('/locales/common/de.d.json')).resolves.toEqual({ again: true });
  });
});

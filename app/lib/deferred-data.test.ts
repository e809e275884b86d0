import { describe, expect, it } from 'vitest';
import { hasDeferredData } from './deferred-data';

describe('hasDeferredData', () => {
  it('finds nothing in data that is all there', () => {
    expect(
      hasDeferredData({ root: { user: null, settings: { name: 'Site' } }, 'routes/members/search': { first: { ok: true, data: { results: [{ id: 1 }] } } } }),
    ).toBe(false);
  });

  it('finds a promise a page streams after its first screen, however deep in the page’s data', () => {
    const related = new Promise(() => {});
    expect(hasDeferredData({ root: {}, 'routes/members/profile': { profile: { ok: true, data: { id: 1, related } } } })).toBe(true);
    expect(hasDeferredData({ page: related })).toBe(true);
  });

  it('treats a route without data as nothing deferred', () => {
    expect(hasDeferredData({ root: undefined, page: null })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { INTERESTS, offeredInterests } from './profile-options';

describe('offeredInterests', () => {
  it('offers the site’s own interests, in the catalogue’s order', () => {
    expect(offeredInterests(['yoga', 'cycling', 'not-an-interest'])).toEqual(['cycling', 'yoga']);
  });

  it('offers the whole catalogue when the site names none', () => {
    expect(offeredInterests([])).toEqual(INTERESTS);
  });
});

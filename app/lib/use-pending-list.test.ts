import { describe, expect, it } from 'vitest';
import { areaOf, listKindOf } from './use-pending-list';

describe('listKindOf', () => {
  it('shows cards for the search and the likes tabs, rows for the conversations', () => {
    expect(listKindOf('/members')).toBe('cards');
    expect(listKindOf('/likes')).toBe('cards');
    expect(listKindOf('/likes/matches')).toBe('cards');
    expect(listKindOf('/chats')).toBe('rows');
  });

  it('shows nothing for single pages', () => {
    expect(listKindOf('/members/4')).toBeNull();
    expect(listKindOf('/likes/m/4')).toBeNull();
    expect(listKindOf('/chats/9')).toBeNull();
    expect(listKindOf('/profile')).toBeNull();
  });

  it('tells the part of the site a page is in, so moving within it keeps the page', () => {
    expect(areaOf('/likes/sent')).toBe(areaOf('/likes'));
    expect(areaOf('/members')).not.toBe(areaOf('/likes'));
    expect(areaOf('/')).toBe('');
  });
});

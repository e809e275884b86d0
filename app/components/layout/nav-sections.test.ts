import { describe, expect, it } from 'vitest';
import { formatBadge } from '../../state/counters';
import { activeSection, creditBadgeTone } from './nav-sections';

describe('activeSection', () => {
  it('puts a first message to a member under Messages, not Search', () => {
    expect(activeSection('/members/2/chat')).toBe('messages');
    expect(activeSection('/members/2/chat/')).toBe('messages');
  });

  it('keeps the search and the profiles opened from it under Search', () => {
    expect(activeSection('/members')).toBe('search');
    expect(activeSection('/members/2')).toBe('search');
  });

  it('finds conversations, likes and the member’s own pages', () => {
    expect(activeSection('/chats')).toBe('messages');
    expect(activeSection('/chats/17')).toBe('messages');
    expect(activeSection('/likes')).toBe('likes');
    expect(activeSection('/likes/matches')).toBe('likes');
    expect(activeSection('/likes/m/5')).toBe('likes');
    expect(activeSection('/match-finder')).toBe('likes');
    expect(activeSection('/profile')).toBe('profile');
    expect(activeSection('/notifications')).toBe('profile');
    expect(activeSection('/transactions/3')).toBe('profile');
  });

  it('highlights nothing on pages outside the four sections', () => {
    expect(activeSection('/')).toBeNull();
    expect(activeSection('/credits')).toBeNull();
    expect(activeSection('/pages/terms')).toBeNull();
    expect(activeSection('/membership')).toBeNull();
    expect(activeSection('/chatsroom')).toBeNull();
    expect(activeSection('/members/4/landing2/summer')).toBeNull();
    expect(activeSection('/members/4/signup')).toBeNull();
  });
});

describe('badges', () => {
  it('caps counts at 99+', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(4321)).toBe('99+');
  });

  it('shows the credit balance at 10 or fewer: warning above 0, danger at 0', () => {
    expect(creditBadgeTone(11)).toBeNull();
    expect(creditBadgeTone(10)).toBe('warning');
    expect(creditBadgeTone(1)).toBe('warning');
    expect(creditBadgeTone(0)).toBe('danger');
  });
});

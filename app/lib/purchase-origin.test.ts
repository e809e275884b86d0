import { describe, expect, it } from 'vitest';
import { buyCreditsPath, conversationPathOf } from './purchase-origin';

describe('conversationPathOf', () => {
  it('accepts only a conversation of this site', () => {
    expect(conversationPathOf('/chats/42')).toBe('/chats/42');
    expect(conversationPathOf('/members/7/chat')).toBe('/members/7/chat');
  });

  it('refuses anything that could lead elsewhere', () => {
    for (const value of [
      'https://evil.example/chats/1',
      '//evil.example/chats/1',
      '/\\evil.example',
      '/chats/1/../../logout',
      '/chats/1?next=//evil.example',
      '/chats/0',
      '/chats/ 1',
      '/chats/1#x',
      '/members/7/chat/',
      'javascript:alert(1)',
      '',
      null,
      42,
    ])
      expect(conversationPathOf(value)).toBeNull();
  });
});

describe('buyCreditsPath', () => {
  it('carries the conversation the purchase starts in, and nothing from other pages', () => {
    expect(buyCreditsPath('/chats/42')).toBe('/credits?back=%2Fchats%2F42');
    expect(buyCreditsPath('/members/7')).toBe('/credits');
  });
});

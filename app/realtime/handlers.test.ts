import { beforeEach, describe, expect, it } from 'vitest';
import { useCounters } from '../state/counters';
import { handlers, type HandlerContext } from './handlers';

const context: HandlerContext = { memberId: 1, openConversationId: () => null, resync: () => {} };

describe('counters handler', () => {
  beforeEach(() => useCounters.setState({ unreadMessages: 0, newLikes: 0, credits: null }));

  it('takes the new balance a purchase sends, for the nav credits badge', () => {
    handlers.counters({ type: 'counters', unread_messages: 2, credits: 125 }, context);
    expect(useCounters.getState()).toMatchObject({ unreadMessages: 2, credits: 125 });
  });

  it('keeps the known balance when the event carries none', () => {
    useCounters.setState({ credits: 40 });
    handlers.counters({ type: 'counters', unread_messages: 0, new_likes: 3 }, context);
    expect(useCounters.getState()).toMatchObject({ newLikes: 3, credits: 40 });
  });
});

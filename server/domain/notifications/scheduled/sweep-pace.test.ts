import { describe, expect, it } from 'vitest';
import type { MemberToNotify, ScheduledNotificationsRepository } from '../../../db/repositories/scheduled-notifications.repository';
import { runWithPace } from '../../../observability/work-scope';
import { sweepMembers } from './sweep';

/** A repository answering `total` members in pages, by id; only `sweepPage` is used. */
function membersInPages(total: number) {
  const queries: number[] = [];
  const scheduled = {
    sweepPage: async (_filter: unknown, afterId: number, limit: number) => {
      queries.push(afterId);
      const ids = Array.from({ length: Math.max(0, Math.min(limit, total - afterId)) }, (_, index) => afterId + index + 1);
      return ids.map((id) => ({ id }) as MemberToNotify);
    },
  } as unknown as ScheduledNotificationsRepository;
  return { scheduled, queries };
}

describe('a sweep under a job pace', () => {
  it('waits for a turn before each page query and each member, and still tells every member once', async () => {
    const { scheduled, queries } = membersInPages(1200);
    const events: string[] = [];
    const pace = { turn: async () => void events.push('turn') };
    const told: number[] = [];
    const found = await runWithPace(pace, () => sweepMembers(scheduled, {} as never, async (member) => void told.push(member.id)));
    expect(found).toBe(1200);
    expect(new Set(told).size).toBe(1200);
    // Three pages (500, 500, 200), each query after a turn, and one turn per member.
    expect(queries).toEqual([0, 500, 1000]);
    expect(events).toHaveLength(3 + 1200);
  });

  it('runs unpaced outside a paced job (npm run worker, tests)', async () => {
    const { scheduled } = membersInPages(3);
    const told: number[] = [];
    expect(await sweepMembers(scheduled, {} as never, async (member) => void told.push(member.id))).toBe(3);
    expect(told).toEqual([1, 2, 3]);
  });
});

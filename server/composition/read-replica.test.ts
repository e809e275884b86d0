import { describe, expect, it } from 'vitest';
import { isReplicaUnavailable, readFromReplica, rootMessageOf } from './read-replica';

function reader(name: string, failWith?: unknown) {
  const calls: string[] = [];
  return {
    calls,
    repository: {
      async search(term: string) {
        calls.push(term);
        if (failWith) throw failWith;
        return `${name}:${term}`;
      },
      async count() {
        return 0;
      },
    },
  };
}

describe('readFromReplica', () => {
  it('reads from the replica while it answers', async () => {
    const replica = reader('replica');
    const primary = reader('primary');
    const reads = readFromReplica(replica.repository, primary.repository, ['search']);
    expect(await reads.search('a')).toBe('replica:a');
    expect(primary.calls).toEqual([]);
  });

  it('falls back to the primary when the replica refuses connections, and stays there for the pause', async () => {
    let now = 1_000;
    const replica = reader('replica', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }));
    const primary = reader('primary');
    const fallbacks: unknown[] = [];
    const reads = readFromReplica(replica.repository, primary.repository, ['search'], {
      pauseMs: 5_000,
      now: () => now,
      onFallback: (error) => fallbacks.push(error),
    });
    expect(await reads.search('a')).toBe('primary:a');
    expect(await reads.search('b')).toBe('primary:b');
    expect(replica.calls).toEqual(['a']);
    expect(fallbacks).toHaveLength(1);
    now += 5_001;
    expect(await reads.search('c')).toBe('primary:c');
    expect(replica.calls).toEqual(['a', 'c']);
  });

  it('lets a wrong query fail instead of repeating it on the primary', async () => {
    const replica = reader('replica', Object.assign(new Error('column "x" does not exist'), { code: '42703' }));
    const primary = reader('primary');
    const reads = readFromReplica(replica.repository, primary.repository, ['search']);
    await expect(reads.search('a')).rejects.toThrow('column "x" does not exist');
    expect(primary.calls).toEqual([]);
  });
});

describe('isReplicaUnavailable', () => {
  it('recognises a standby that is away or cancelled the query for replay, also inside a query error’s cause', () => {
    expect(isReplicaUnavailable({ code: '57P03', message: 'the database system is starting up' })).toBe(true);
    expect(isReplicaUnavailable(new Error('Failed query', { cause: { code: '40001', message: 'canceling statement due to conflict with recovery' } }))).toBe(
      true,
    );
    expect(isReplicaUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaUnavailable({ code: '23505' })).toBe(false);
    expect(isReplicaUnavailable(null)).toBe(false);
  });
});

describe('rootMessageOf', () => {
  it('gives the driver’s message under a query error', () => {
    expect(rootMessageOf(new Error('Failed query: select 1', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') }))).toBe(
      'connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(rootMessageOf(new Error('plain'))).toBe('plain');
  });
});

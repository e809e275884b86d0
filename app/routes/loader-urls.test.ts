import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('loaders and actions', () => {
  // With `future.v8_passThroughRequests` (react-router.config.ts) `request.url` is the address as
  // sent: a client navigation's `/members.data?_routes=…`, a form's `?index`. The `url` argument
  // is the page's address with those stripped; read from the request, a search would take
  // `_routes` for a filter and the swipe page would not know its own path.
  it('read the page’s address from the `url` argument, never from `request.url`', () => {
    const found = spawnSync('git', ['grep', '--untracked', '-n', '-E', 'request\\.url', '--', 'app', ':!*.test.*', ':!app/entry.server.tsx'], {
      encoding: 'utf8',
    });
    expect(found.status, found.stderr).toBe(1);
    expect(found.stdout).toBe('');
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasServerNodeFlags, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The node flags of a command line written as `node [flags…] scripts/start.mjs`. */
function flagsBeforeStart(commandLine: string[]): string[] {
  const start = commandLine.indexOf('scripts/start.mjs');
  expect(start, `${commandLine.join(' ')} starts scripts/start.mjs`).toBeGreaterThan(0);
  return commandLine.slice(commandLine.indexOf('node') + 1, start);
}

describe('the web server is started with its node flags everywhere (ADR 0083)', () => {
  it('npm start and npm run demo', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    for (const name of ['start', 'demo']) {
      expect(flagsBeforeStart(scripts[name].split(' ')), name).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    }
  });

  it('the container image', () => {
    const cmd = read('Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(flagsBeforeStart(JSON.parse(cmd!.slice(4)) as string[])).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });

  it('the benches, the local cluster and the tests’ server processes, which start the server as production does', () => {
    expect(read('bench/support/server.ts')).toContain("spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, 'scripts/start.mjs']");
    expect(read('scripts/cluster/start-cluster.ts')).toContain("[...SERVER_NODE_FLAGS, 'scripts/start.mjs']");
    expect(read('tests/setup/server-process.ts')).toContain("spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs']");
  });

  it('are flags this node accepts on its command line, and tells a process started without them', () => {
    expect(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
    expect(hasServerNodeFlags([...SERVER_NODE_FLAGS])).toBe(true);
    expect(hasServerNodeFlags(['--import', 'tsx'])).toBe(false);
  });

  it('keep the young generation from shrinking to its idle size', () => {
    const newSpace = (flags: string[]) =>
      Number(
        execFileSync(
          process.execPath,
          [...flags, '-e', 'process.stdout.write(String(require("v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size))'],
          { encoding: 'utf8' },
        ),
      );
    // A fresh process starts at its idle size (1 MB on Node 20); with the flag it starts at 16 MB.
    expect(newSpace([...SERVER_NODE_FLAGS])).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(newSpace([])).toBeLessThan(16 * 1024 * 1024);
  });
});

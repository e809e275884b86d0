import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from './pglite-lock';

const dirs: string[] = [];
const freshDatabaseDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('acquireDirectoryLock', () => {
  it('refuses a directory another live process holds, naming it', () => {
    const dir = freshDatabaseDir();
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => acquireDirectoryLock(dir)).toThrow(/already open in process \d+/);
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = freshDatabaseDir();
    fs.writeFileSync(`${dir}.lock`, '2147483646');
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite keeps the whole database in one process: a second process opening the same
 * directory silently corrupts it. The lock file holds the owner's pid; a lock whose owner
 * is gone (a crash, SIGKILL) is taken over.
 */
export function acquireDirectoryLock(directory: string): () => void {
  fs.mkdirSync(path.dirname(directory), { recursive: true });
  const lockPath = `${directory}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isProcessAlive(owner)) {
        throw new DirectoryLockedError(directory, owner);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${directory}`);
}

/** The directory is open in another living process (`owner`, its pid). */
export class DirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly owner: number,
  ) {
    super(
      `The embedded database in ${directory} is already open in process ${owner}. ` +
        'Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).',
    );
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from './storage.port';

/**
 * Media under one folder: DATA_DIR/media is served by the app at /media/; DATA_DIR/private-media
 * (chat photos) is never served directly, only read back through an access check. Keys never
 * leave their folder.
 */
export function createLocalStorage(mediaDir: string): MediaStorage {
  const resolve = (key: string) => {
    const target = path.resolve(mediaDir, key);
    if (!target.startsWith(path.resolve(mediaDir) + path.sep)) throw new Error(`Invalid media key: ${key}`);
    return target;
  };
  return {
    async write(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    urlOf: (key) => `/media/${key}`,
  };
}

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertMediaKey, contentTypeOf, matchesEtag, type MediaStorage } from './storage.port';

/**
 * Media under one folder: DATA_DIR/media is served by the app at /media/; DATA_DIR/private-media
 * (chat photos) is never served directly, only read back through an access check. Keys never
 * leave their folder.
 */
export function createLocalStorage(mediaDir: string): MediaStorage {
  const root = path.resolve(mediaDir);
  const resolve = (key: string) => {
    assertMediaKey(key);
    const target = path.resolve(root, key);
    if (!target.startsWith(root + path.sep)) throw new Error(`Invalid media key: ${key}`);
    return target;
  };
  const missing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
  return {
    async write(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside and renamed: a reader never sees half a file.
      const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, target);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async open(key, options = {}) {
      const target = resolve(key);
      let stat;
      try {
        stat = await fs.stat(target);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      if (!stat.isFile()) return null;
      // The same validator @fastify/static sends for these files: size and modification time.
      const etag = `"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
      if (matchesEtag(options.ifNoneMatch, etag)) return 'not-modified';
      return { body: createReadStream(target), size: stat.size, etag, contentType: contentTypeOf(key) };
    },
    urlOf: (key) => `/media/${key}`,
  };
}

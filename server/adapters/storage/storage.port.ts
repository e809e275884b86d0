import type { Readable } from 'node:stream';

/** A stored file opened for sending to a browser. */
export interface OpenedMedia {
  body: Readable;
  /** Bytes in the body. */
  size: number;
  /** A strong validator of the bytes (quoted, as in an ETag header). */
  etag: string;
  contentType: string;
}

/** Where uploaded media lives: local disk by default, object storage by configuration. */
export interface MediaStorage {
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removing a key that is not there is not an error (purges run again after a crash). */
  remove(key: string): Promise<void>;
  /** The stored bytes, or null when there is no such file (for media served through access checks). */
  read(key: string): Promise<Buffer | null>;
  /**
   * Opens the file for streaming to a browser: null when there is none, `not-modified` when
   * `ifNoneMatch` names its current ETag (the body is then never fetched).
   */
  open(key: string, options?: { ifNoneMatch?: string }): Promise<OpenedMedia | 'not-modified' | null>;
  /** The path the browser loads the file from. */
  urlOf(key: string): string;
}

/** Keys are relative paths of plain segments: no `..`, no absolute paths, no empty segments. */
export function assertMediaKey(key: string): void {
  const segments = key.split('/');
  if (!key || segments.some((segment) => !segment || segment === '.' || segment === '..' || segment.includes('\\') || segment.includes('\0'))) {
    throw new Error(`Invalid media key: ${key}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  gif: 'image/gif',
};

/** The type a file is served with when its store keeps none (the disk). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 §13.1.2 asks). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

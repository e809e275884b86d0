import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertMediaKey, contentTypeOf, type MediaStorage } from './storage.port';

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key ('' or `a/b`, no slashes at either end). */
  prefix: string;
  /** Where the app serves these files (`/media/`), or null for private media read only through access checks. */
  servedAt: string | null;
}

/** One client per process: it keeps the HTTP connections to the store alive between requests. */
export function createS3Client(options: {
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // A slow store must fail a request, not hold it (and its socket) open.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 3,
  });
}

const statusOf = (error: unknown) =>
  (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined) ??
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph RGW, Garage). The bucket
 * stays private: public photos are streamed by the app at `/media/…` and chat photos only
 * through their access check (ADR 0044), so every instance serves the same files.
 */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const { client, bucket } = options;
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };

  async function get(key: string, ifNoneMatch?: string) {
    try {
      // Browsers may send weak validators (W/"…"): S3 compares strongly, and media never differ in encoding.
      const condition = ifNoneMatch?.replace(/W\//g, '');
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), IfNoneMatch: condition }));
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      if (status === 304) return 'not-modified' as const;
      throw error;
    }
  }

  return {
    async write(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success, as the port asks.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async read(key) {
      const object = await get(key);
      if (!object || object === 'not-modified' || !object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async open(key, openOptions = {}) {
      const object = await get(key, openOptions.ifNoneMatch);
      if (!object || object === 'not-modified') return object;
      if (!object.Body) return null;
      return {
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        etag: object.ETag ?? `"${key}"`,
        contentType: object.ContentType ?? contentTypeOf(key),
      };
    },
    urlOf: (key) => {
      if (options.servedAt === null) throw new Error('Private media have no address: read them through their access check');
      return `${options.servedAt}${key}`;
    },
  };
}

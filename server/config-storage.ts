import path from 'node:path';
import type { EnvValues } from './config';

/** Where media live: the data directory's disk by default, an S3-compatible bucket with STORAGE_URL (ADR 0044). */
export type StorageConfig =
  | { kind: 'local'; mediaDir: string; privateMediaDir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix inside the bucket, without slashes at either end ('' for the bucket's root). */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

const S3_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^?#]*)?$/;

export function isStorageUrl(value: string): boolean {
  return S3_URL.test(value);
}

/** A partial object-storage configuration fails the start instead of quietly using the disk. */
export function findStorageProblems(values: EnvValues): { variable: keyof EnvValues; message: string }[] {
  const problems: { variable: keyof EnvValues; message: string }[] = [];
  const s3Variables = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => values[name] !== undefined);
  if (!values.STORAGE_URL) {
    for (const variable of s3Variables)
      problems.push({
        variable,
        message: `${variable} is set but STORAGE_URL is not: set STORAGE_URL=s3://<bucket>/<prefix> to use object storage, or remove the S3_* variables`,
      });
    return problems;
  }
  if (!values.S3_ACCESS_KEY_ID !== !values.S3_SECRET_ACCESS_KEY) {
    problems.push({
      variable: values.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    });
  }
  if (!values.S3_REGION && !values.S3_ENDPOINT)
    problems.push({ variable: 'S3_REGION', message: 'S3_REGION is required for AWS S3 (or set S3_ENDPOINT for another S3-compatible service)' });
  return problems;
}

export function storageOf(values: EnvValues, dataDir: string): StorageConfig {
  const match = values.STORAGE_URL ? S3_URL.exec(values.STORAGE_URL) : null;
  if (!match) return { kind: 'local', mediaDir: path.join(dataDir, 'media'), privateMediaDir: path.join(dataDir, 'private-media') };
  return {
    kind: 's3',
    bucket: match[1],
    prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION ?? 'us-east-1',
    credentials:
      values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

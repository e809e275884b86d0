import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '../../server/adapters/storage/s3-storage';

export type TestS3 = Awaited<ReturnType<typeof startTestS3>>;

/**
 * A local S3-compatible server (s3rver, files in a temporary folder) with one empty bucket:
 * what the object-storage tests run against instead of AWS. `env` configures the app for it.
 */
export async function startTestS3(options: { prefix?: string } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `rdv-test-${crypto.randomBytes(4).toString('hex')}`;
  const prefix = options.prefix ?? 'site';
  // s3rver accepts any credentials but checks the signature, so they must be the pair it knows.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = createS3Client({ endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    prefix,
    client,
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** Every object key in the bucket, as stored (with the prefix). */
    async listKeys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

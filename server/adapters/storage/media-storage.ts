import type { StorageConfig } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Client, createS3Storage } from './s3-storage';
import type { MediaStorage } from './storage.port';

/**
 * The two stores the app uses, from configuration: `media` (profile photos, partner-card
 * images; served at /media/) and `privateMedia` (chat photos; read only through their access
 * check). On S3 they share a bucket, under `<prefix>/media/` and `<prefix>/private-media/`,
 * the same layout as DATA_DIR.
 */
export function createMediaStorage(config: StorageConfig): { media: MediaStorage; privateMedia: MediaStorage; close(): void } {
  if (config.kind === 'local') {
    return { media: createLocalStorage(config.mediaDir), privateMedia: createLocalStorage(config.privateMediaDir), close() {} };
  }
  const client = createS3Client(config);
  const under = (folder: string) => (config.prefix ? `${config.prefix}/${folder}` : folder);
  return {
    media: createS3Storage({ client, bucket: config.bucket, prefix: under('media'), servedAt: '/media/' }),
    privateMedia: createS3Storage({ client, bucket: config.bucket, prefix: under('private-media'), servedAt: null }),
    close: () => client.destroy(),
  };
}

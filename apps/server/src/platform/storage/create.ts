import type { StorageConfig } from './config.ts';
import { createDiskStorage } from './disk.ts';
import type { Storage } from './storage.ts';

/** The configured driver. The S3 client is loaded only when a bucket is configured: a disk deployment never pays
 *  for its import. */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.driver === 'disk') return createDiskStorage(config.dir);
  const { createS3Storage } = await import('./s3.ts');
  return createS3Storage(config);
}

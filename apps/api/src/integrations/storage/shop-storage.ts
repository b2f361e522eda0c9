/**
 * The shop's one file storage for a configuration (docs/decisions/068-one-file-storage.md): S3,
 * with this server's disk as a read fallback, when S3_* is configured; else DATA_DIR.
 */
import type { Config } from '../../config';
import { localObjectStorage, s3WithLocalFallback, type ObjectStorage } from './object-storage';
import { s3ObjectStorage } from './s3-client';

type StorageConfig = Pick<
  Config,
  'dataDir' | 'uploadsDir' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_PRIVATE_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION' | 'S3_PUBLIC_URL' | 'PROVIDER_TIMEOUT_MS'
>;

/** Where browsers load S3-stored public objects from, or undefined when files stay in DATA_DIR. */
export function s3PublicBaseUrl(config: Pick<Config, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL'>): string | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL } = config;
  if (!(S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY)) return undefined;
  return S3_PUBLIC_URL ?? `${S3_ENDPOINT.replace(/\/+$/, '')}/${S3_BUCKET}`;
}

/** The S3 storage alone (no disk fallback), or undefined when S3 is not configured. */
export function s3StorageFor(config: StorageConfig): ObjectStorage | undefined {
  const publicUrl = s3PublicBaseUrl(config);
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!(publicUrl && S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY)) return undefined;
  return s3ObjectStorage({
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    privateBucket: config.S3_PRIVATE_BUCKET,
    region: config.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    publicUrl,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}

const made = new WeakMap<object, ObjectStorage>();

/** The shop's storage for a configuration: S3 (with this disk as a read fallback) when configured, else DATA_DIR. */
export function storageFor(config: StorageConfig): ObjectStorage {
  let storage = made.get(config);
  if (!storage) {
    const local = localObjectStorage(config);
    const s3 = s3StorageFor(config);
    storage = s3 ? s3WithLocalFallback(s3, local) : local;
    made.set(config, storage);
  }
  return storage;
}

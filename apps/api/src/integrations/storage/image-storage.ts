/** Chooses where product images go: S3-compatible storage when fully configured, else DATA_DIR/uploads. */
import type { Config } from '../../config';
import type { ImageStoreOptions } from '../../lib/images';
import { s3ImageStore } from './s3-client';

/** Where browsers load S3-stored images from, or undefined when images stay in DATA_DIR/uploads. */
export function s3PublicBaseUrl(config: Config): string | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL } = config;
  if (!(S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY)) return undefined;
  return S3_PUBLIC_URL ?? `${S3_ENDPOINT.replace(/\/+$/, '')}/${S3_BUCKET}`;
}

export function imageStorageFor(config: Config): ImageStoreOptions {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  const publicUrl = s3PublicBaseUrl(config);
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY && publicUrl) {
    return {
      uploadsDir: config.uploadsDir,
      store: s3ImageStore({
        endpoint: S3_ENDPOINT,
        bucket: S3_BUCKET,
        region: config.S3_REGION,
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: S3_SECRET_ACCESS_KEY,
        publicUrl,
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      }),
    };
  }
  return { uploadsDir: config.uploadsDir };
}

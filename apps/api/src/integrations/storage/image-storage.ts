/** Product images go to the shop's one storage: S3-compatible storage when fully configured, else DATA_DIR/uploads. */
import type { Config } from '../../config';
import { imageStoreOf, type ImageStoreOptions } from '../../lib/images';
import { storageFor } from './shop-storage';

export function imageStorageFor(config: Config): ImageStoreOptions {
  return { uploadsDir: config.uploadsDir, store: imageStoreOf(storageFor(config)) };
}

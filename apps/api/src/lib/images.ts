/**
 * The one image storage module (uploads and demo data alike). Only real JPG, PNG or WEBP
 * content is accepted (checked by magic bytes and by decoding, never by file name); each image
 * is re-encoded to WebP at 320, 640 and 1024 px wide (never upscaled, metadata stripped) under
 * DATA_DIR/uploads/products. The stored path names the 1024 copy; the others are siblings,
 * which `productImageSources()` in packages/core turns into a srcset. An image of more than
 * MAX_IMAGE_PIXELS is refused from its header, before any pixel is decoded (issue 14).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '@pasar/core/errors';
import { PRODUCT_IMAGE_WIDTHS, productImageKeys } from '@pasar/core/catalog';
import { productMessages } from '@pasar/core/products';
import { localObjectStorage, type ObjectStorage } from '../integrations/storage/object-storage';

export const IMAGE_TYPE_MESSAGE = 'Format gambar harus JPG, PNG, atau WEBP.';

/**
 * Issue 14: a one-colour 16000×16000 PNG is a few kilobytes and takes about 240 MB to decode. 40
 * megapixels is more than a phone camera's photo, so no real product photo is refused.
 */
export const MAX_IMAGE_MEGAPIXELS = 40;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

type ImageKind = 'jpeg' | 'png' | 'webp';

/** The format a buffer's first bytes announce, or undefined for anything else. */
export function sniffImageType(buffer: Buffer): ImageKind | undefined {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 12 && buffer.toString('ascii', 0, 4) === 'RIFF' && buffer.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * Where image files go: the shop's one storage (the local disk under DATA_DIR/uploads by default,
 * or an S3-compatible bucket when configured). Keys look like `products/<id>-640.webp`.
 */
export interface ImageStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The public address of a key. */
  url(key: string): string;
  /** The key of a public address this store wrote, or undefined for anything else (external URLs). */
  keyOf(publicPath: string): string | undefined;
}

/** Product images kept by the shop's one storage (integrations/storage/object-storage.ts), in its public area. */
export function imageStoreOf(storage: ObjectStorage): ImageStore {
  return {
    put: (key, data, contentType) => storage.put('public', key, data, contentType),
    remove: (key) => storage.remove('public', key),
    url: (key) => storage.publicUrl(key),
    keyOf: (publicPath) => storage.keyOfPublicUrl(publicPath),
  };
}

export function localImageStore(uploadsDir: string): ImageStore {
  return imageStoreOf(localObjectStorage({ uploadsDir, dataDir: path.dirname(uploadsDir) }));
}

export type ImageStoreOptions = { uploadsDir: string; store?: ImageStore | undefined };

const storeOf = (options: ImageStoreOptions): ImageStore => options.store ?? localImageStore(options.uploadsDir);

/** `field` is the form field the file came in, named in the error of an image with too many pixels. */
export async function storeProductImage(input: Buffer, options: ImageStoreOptions, field = 'images'): Promise<string> {
  const kind = sniffImageType(input);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  let metadata: Metadata;
  try {
    // The header only: metadata() decodes no pixels, so the size is known before the cost is paid.
    // No pixel limit here, so an image too large gets its own message below rather than "not an image".
    metadata = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  }
  if (metadata.format !== kind || !metadata.width || !metadata.height) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  }
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    const message = productMessages.imageTooManyPixels(MAX_IMAGE_MEGAPIXELS);
    throw new AppError('VALIDATION_ERROR', message, { fields: { [field]: message } });
  }
  const store = storeOf(options);
  const id = randomBytes(9).toString('base64url');
  let encoded: { width: number; data: Buffer }[];
  try {
    encoded = await Promise.all(
      PRODUCT_IMAGE_WIDTHS.map(async (width) => ({
        width,
        // The same limit again where pixels are decoded: libvips refuses anything above it.
        data: await sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      })),
    );
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  }
  try {
    for (const { width, data } of encoded) await store.put(`products/${id}-${width}.webp`, data, 'image/webp');
  } catch (error) {
    await deleteProductImage(store.url(`products/${id}-1024.webp`), options);
    throw error;
  }
  return store.url(`products/${id}-1024.webp`);
}

/** Removes every size of a stored image; paths we did not store (external URLs) are left alone. */
export async function deleteProductImage(publicPath: string, options: ImageStoreOptions): Promise<void> {
  const store = storeOf(options);
  const key = store.keyOf(publicPath);
  const keys = key ? productImageKeys(key) : undefined;
  if (keys) await Promise.all(keys.map((k) => store.remove(k)));
}

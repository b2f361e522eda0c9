/**
 * The one image storage module (uploads and demo data alike). Only real JPG, PNG or WEBP
 * content is accepted (checked by magic bytes and by decoding, never by file name); each image
 * is re-encoded to WebP at 320, 640 and 1024 px wide (never upscaled, metadata stripped) under
 * DATA_DIR/uploads/products. The stored path names the 1024 copy; the others are siblings,
 * which `productImageSources()` in packages/core turns into a srcset.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '@pasar/core/errors';
import { PRODUCT_IMAGE_WIDTHS } from '@pasar/core/catalog';

export const IMAGE_TYPE_MESSAGE = 'Format gambar harus JPG, PNG, atau WEBP.';
const PUBLIC_PREFIX = '/uploads/products/';

type ImageKind = 'jpeg' | 'png' | 'webp';

/** The format a buffer's first bytes announce, or undefined for anything else. */
export function sniffImageType(buffer: Buffer): ImageKind | undefined {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 12 && buffer.toString('ascii', 0, 4) === 'RIFF' && buffer.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export async function storeProductImage(input: Buffer, options: { uploadsDir: string }): Promise<string> {
  const kind = sniffImageType(input);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { failOn: 'error' }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  }
  if (metadata.format !== kind || !metadata.width || !metadata.height) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  }
  const dir = path.join(options.uploadsDir, 'products');
  await fs.mkdir(dir, { recursive: true });
  const id = randomBytes(9).toString('base64url');
  try {
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      await sharp(input, { failOn: 'error' })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(path.join(dir, `${id}-${width}.webp`));
    }
  } catch {
    await deleteProductImage(`${PUBLIC_PREFIX}${id}-1024.webp`, options);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  }
  return `${PUBLIC_PREFIX}${id}-1024.webp`;
}

/** Removes every size of a stored image; paths we did not store (external URLs) are left alone. */
export async function deleteProductImage(publicPath: string, options: { uploadsDir: string }): Promise<void> {
  const match = /^\/uploads\/products\/([A-Za-z0-9_-]+)-\d+\.webp$/.exec(publicPath);
  if (!match) return;
  const dir = path.join(options.uploadsDir, 'products');
  await Promise.all(
    PRODUCT_IMAGE_WIDTHS.map((w) => fs.rm(path.join(dir, `${match[1]}-${w}.webp`), { force: true })),
  );
}

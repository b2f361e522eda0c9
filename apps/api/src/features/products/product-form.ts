/**
 * Reads a product save request: JSON, or multipart with the form fields as text (JSON-valued
 * ones as JSON strings) plus `image_cover` and `images` files (docs/requirements/back-office.md §7). Files are
 * buffered with the configured size limit; nothing is stored until the fields are valid.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '@pasar/core/errors';
import { productInputSchema, productMessages, productUpdateSchema } from '@pasar/core/products';
import { readForm } from '../../lib/form';
import type { MultipartBody } from '../../plugins/openapi';

export interface UploadedImage {
  field: 'image_cover' | 'images';
  buffer: Buffer;
}

export interface ProductForm {
  fields: Record<string, unknown>;
  cover: UploadedImage | undefined;
  images: UploadedImage[];
}

const MAX_NEW_IMAGES = 10;

const imageFiles: MultipartBody['files'] = {
  image_cover: { description: "The cover: a new image (JPG, PNG or WEBP, checked by content), or as text the stored cover to keep ('' removes it)." },
  images: { description: `More images: up to ${MAX_NEW_IMAGES} new files, or as text a JSON list of the stored images to keep.`, multiple: true },
};
/** The multipart form of a product save, for the API document (plugins/openapi.ts). */
export const productCreateMultipart: MultipartBody = { fields: productInputSchema, files: imageFiles };
export const productUpdateMultipart: MultipartBody = { fields: productUpdateSchema, files: imageFiles };

const tooManyImages = () => new AppError('VALIDATION_ERROR', productMessages.tooManyImages, { fields: { images: productMessages.tooManyImages } });

export async function readProductForm(request: FastifyRequest, maxBytes: number): Promise<ProductForm> {
  const form = await readForm(request, {
    fileFields: ['image_cover', 'images'],
    notAnObject: () => new AppError('VALIDATION_ERROR', productMessages.nameRequired, { fields: { name: productMessages.nameRequired } }),
    fileTooLarge: () => {
      const message = productMessages.imageTooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10);
      return new AppError('PAYLOAD_TOO_LARGE', message, { fields: { images: message } });
    },
    tooManyFiles: tooManyImages,
  });
  const cover = form.files.findLast((f) => f.field === 'image_cover');
  const images = form.files.filter((f) => f.field === 'images').map((f) => ({ field: 'images' as const, buffer: f.buffer }));
  if (images.length > MAX_NEW_IMAGES) throw tooManyImages();
  return { fields: form.fields, cover: cover ? { field: 'image_cover', buffer: cover.buffer } : undefined, images };
}

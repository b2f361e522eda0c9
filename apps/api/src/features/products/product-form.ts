/**
 * Reads a product save request: JSON, or multipart with the form fields as text (JSON-valued
 * ones as JSON strings) plus `image_cover` and `images` files (back-office spec §7). Files are
 * buffered with the configured size limit; nothing is stored until the fields are valid.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '@pasar/core/errors';
import { productMessages } from '@pasar/core/products';

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

export async function readProductForm(request: FastifyRequest, maxBytes: number): Promise<ProductForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('VALIDATION_ERROR', productMessages.nameRequired, { fields: { name: productMessages.nameRequired } });
    }
    return { fields: body as Record<string, unknown>, cover: undefined, images: [] };
  }
  const fields: Record<string, unknown> = {};
  let cover: UploadedImage | undefined;
  const images: UploadedImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image_cover' && part.fieldname !== 'images') {
          await part.toBuffer(); // drain an unknown file so the stream completes
          continue;
        }
        const buffer = await part.toBuffer();
        if (buffer.length === 0) continue; // an empty file input sends an empty part
        if (part.fieldname === 'image_cover') cover = { field: 'image_cover', buffer };
        else {
          if (images.length >= MAX_NEW_IMAGES) throw new AppError('VALIDATION_ERROR', productMessages.tooManyImages, { fields: { images: productMessages.tooManyImages } });
          images.push({ field: 'images', buffer });
        }
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = productMessages.imageTooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10);
      throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { images: message } });
    }
    throw error;
  }
  return { fields, cover, images };
}

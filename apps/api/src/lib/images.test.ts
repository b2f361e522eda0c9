import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { onePixelDeepPng } from '../test/big-image';
import { deleteProductImage, MAX_IMAGE_PIXELS, sniffImageType, storeProductImage } from './images';

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-img-'));
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

const image = (format: 'png' | 'jpeg' | 'webp', width = 1400) =>
  sharp({ create: { width, height: 900, channels: 3, background: '#2f855a' } })[format]().toBuffer();

describe('product image storage', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('stores a real %s as three WebP sizes', async (format) => {
    const stored = await storeProductImage(await image(format), { uploadsDir });
    expect(stored).toMatch(/^\/uploads\/products\/[A-Za-z0-9_-]+-1024\.webp$/);
    for (const width of [320, 640, 1024]) {
      const file = path.join(uploadsDir, stored.replace('/uploads/', '').replace('-1024.webp', `-${width}.webp`));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
  });

  it('never upscales a small image', async () => {
    const stored = await storeProductImage(await image('png', 200), { uploadsDir });
    const meta = await sharp(path.join(uploadsDir, stored.replace('/uploads/', ''))).metadata();
    expect(meta.width).toBe(200);
  });

  it('refuses a text file named .jpg and a truncated image', async () => {
    await expect(storeProductImage(Buffer.from('bukan gambar, hanya teks'), { uploadsDir })).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Format gambar harus JPG, PNG, atau WEBP.',
    });
    const png = await image('png');
    await expect(storeProductImage(png.subarray(0, 200), { uploadsDir })).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const gif = Buffer.from('474946383961', 'hex');
    expect(sniffImageType(gif)).toBeUndefined();
  });

  it('refuses an image above 40 megapixels from its header, on the field it came in (issue 14)', async () => {
    const message = 'Gambar terlalu besar: maksimal 40 megapiksel.';
    const storedFiles = () => (fs.existsSync(path.join(uploadsDir, 'products')) ? fs.readdirSync(path.join(uploadsDir, 'products')).length : 0);
    const before = storedFiles();
    // 31 KB on the wire, 256 megapixels once decoded.
    const huge = onePixelDeepPng(16000, 16000);
    expect(huge.length).toBeLessThan(64 * 1024);
    await expect(storeProductImage(huge, { uploadsDir }, 'image_cover')).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message, fields: { image_cover: message } });
    // One pixel over the limit is refused; exactly the limit is stored.
    await expect(storeProductImage(onePixelDeepPng(MAX_IMAGE_PIXELS / 1000 + 1, 1000), { uploadsDir })).rejects.toMatchObject({ fields: { images: message } });
    expect(storedFiles()).toBe(before);
    await expect(storeProductImage(onePixelDeepPng(MAX_IMAGE_PIXELS / 1000, 1000), { uploadsDir })).resolves.toMatch(/-1024\.webp$/);
  });

  it('deletes every size of an image', async () => {
    const stored = await storeProductImage(await image('png'), { uploadsDir });
    await deleteProductImage(stored, { uploadsDir });
    const id = /products\/(.+)-1024/.exec(stored)?.[1];
    const left = fs.readdirSync(path.join(uploadsDir, 'products')).filter((f) => f.startsWith(`${id}-`));
    expect(left).toEqual([]);
    await expect(deleteProductImage('https://example.com/a.jpg', { uploadsDir })).resolves.toBeUndefined();
  });
});

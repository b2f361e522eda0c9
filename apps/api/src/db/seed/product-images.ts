/**
 * Demo product pictures drawn offline: a simple illustrated card per product (category
 * colour, soft shapes, the product's name), rendered from SVG with sharp and stored through
 * storeProductImage exactly like an upload.
 */
import sharp from 'sharp';
import { storeProductImage, type ImageStoreOptions } from '../../lib/images';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > max && line) {
      lines.push(line);
      line = word;
    } else {
      line = (line + ' ' + word).trim();
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/** A deterministic small number from a string, so each product gets its own layout. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return Math.abs(h);
}

export function productSvg(name: string, categoryName: string, color: string, variant: number): string {
  const s = seedOf(name) + variant * 97;
  const circles = Array.from({ length: 5 }, (_, i) => {
    const cx = (s >> (i * 3)) % 800;
    const cy = (s >> (i * 2 + 1)) % 600;
    const r = 60 + ((s >> i) % 140);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${0.06 + (i % 3) * 0.04}"/>`;
  }).join('');
  const lines = wrap(name, 18)
    .map((l, i) => `<text x="60" y="${330 + i * 62}" font-family="DejaVu Sans, Arial, sans-serif" font-size="54" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1c1917"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>${circles}
  <rect x="60" y="200" width="${Math.min(680, 56 + categoryName.length * 17)}" height="52" rx="26" fill="#ffffff" fill-opacity="0.92"/>
  <text x="84" y="236" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="${color}">${escapeXml(categoryName)}</text>
  ${lines}
  <text x="60" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#ffffff" fill-opacity="0.8">Pasar UMKM Kota Bandung${variant ? ` · foto ${variant + 1}` : ''}</text>
</svg>`;
}

export async function drawProductImage(name: string, categoryName: string, color: string, variant: number, storage: ImageStoreOptions): Promise<string> {
  const png = await sharp(Buffer.from(productSvg(name, categoryName, color, variant))).png().toBuffer();
  return storeProductImage(png, storage);
}

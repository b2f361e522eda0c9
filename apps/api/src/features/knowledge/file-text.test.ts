import { describe, expect, it } from 'vitest';
import { extractText } from './file-text';
import { tinyPdf } from './test-pdf';

describe('knowledge file text', () => {
  it('reads text and Markdown as they are', async () => {
    expect(await extractText(Buffer.from('# Judul\nIsi catatan.'), 'catatan.md')).toBe('# Judul\nIsi catatan.');
    expect(await extractText(Buffer.from('   '), 'kosong.txt')).toBeNull();
  });

  it('reads the text layer of a PDF', async () => {
    const pdf = tinyPdf(['Cara menyimpan dodol garut:', 'simpan di wadah tertutup, tahan 3 bulan.']);
    const text = await extractText(pdf, 'dodol.pdf');
    expect(text).toContain('Cara menyimpan dodol garut:');
    expect(text).toContain('tahan 3 bulan.');
  });

  it('gives no text for a fake or broken PDF, or an unknown type', async () => {
    expect(await extractText(Buffer.from('bukan pdf'), 'palsu.pdf')).toBeNull();
    expect(await extractText(Buffer.from('%PDF-1.4 rusak'), 'rusak.pdf')).toBeNull();
    expect(await extractText(Buffer.from('data'), 'gambar.jpg')).toBeNull();
  });
});

/**
 * Plain text out of an uploaded knowledge file, for the shopping assistant: UTF-8 text and
 * Markdown as they are; PDF through pdf.js (text layer only, no OCR: a scanned PDF gives none).
 */
export const MAX_FILE_TEXT = 100_000;
const MAX_PDF_PAGES = 50;

async function pdfText(buffer: Buffer): Promise<string | null> {
  // Loaded on demand: pdf.js is large and only the knowledge upload needs it.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(buffer), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PDF_PAGES) && length < MAX_FILE_TEXT; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      const lines: string[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      const text = lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n');
      pages.push(text);
      length += text.length;
    }
    const all = pages.join('\n\n').trim();
    return all ? all.slice(0, MAX_FILE_TEXT) : null;
  } catch {
    // A damaged or encrypted PDF is kept as a file; the assistant just cannot read it.
    return null;
  } finally {
    await task.destroy();
  }
}

export async function extractText(buffer: Buffer, name: string): Promise<string | null> {
  const lower = name.toLowerCase();
  if (lower.endsWith('.txt') || lower.endsWith('.md')) {
    const text = buffer.toString('utf8').replaceAll('\u0000', '').trim();
    return text ? text.slice(0, MAX_FILE_TEXT) : null;
  }
  if (lower.endsWith('.pdf') && buffer.subarray(0, 5).toString('latin1') === '%PDF-') return pdfText(buffer);
  return null;
}

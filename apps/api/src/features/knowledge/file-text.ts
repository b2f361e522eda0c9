/** Plain text out of an uploaded knowledge file: UTF-8 text and Markdown as they are. */
export const MAX_FILE_TEXT = 100_000;

export async function extractText(buffer: Buffer, name: string): Promise<string | null> {
  const lower = name.toLowerCase();
  if (lower.endsWith('.txt') || lower.endsWith('.md')) {
    const text = buffer.toString('utf8').replaceAll('\u0000', '').trim();
    return text ? text.slice(0, MAX_FILE_TEXT) : null;
  }
  return null;
}

/**
 * The text of a knowledge entry's attached file, kept in `knowledge_entries.file_text` for the
 * shopping assistant. Files uploaded to the shop (`/uploads/knowledge/…`) are read from disk;
 * other addresses are not fetched (the shop may run offline) and give no text.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { extractText } from './file-text';

const KNOWLEDGE_PREFIX = '/uploads/knowledge/';

export function knowledgeFileReader(config: Pick<Config, 'uploadsDir'>): (file: string) => Promise<string | null> {
  return async (file) => {
    if (!file.startsWith(KNOWLEDGE_PREFIX)) return null;
    const name = file.slice(KNOWLEDGE_PREFIX.length);
    if (!/^[A-Za-z0-9_-]+\.(txt|md|pdf)$/.test(name)) return null;
    try {
      const buffer = await fs.readFile(path.join(config.uploadsDir, 'knowledge', name));
      return await extractText(buffer, name);
    } catch {
      return null;
    }
  };
}

/**
 * Files attached to knowledge entries (issue 7 (docs/issues.md)). An uploaded file is checked by its content
 * (a .pdf must be a PDF, a .txt or .md must be UTF-8 text without NUL bytes), stored under
 * DATA_DIR/uploads/knowledge with a random name, and served at /uploads/knowledge/… like product
 * images (docs/decisions/012-shopping-assistant.md). Its text goes to `knowledge_entries.file_text`
 * for the assistant. A typed address is read only when it names a file stored here; other
 * addresses are not fetched (the shop may run offline) and give no text.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@pasar/core/errors';
import { KNOWLEDGE_FILE_PREFIX, KNOWLEDGE_FILE_TYPES, knowledgeMessages } from '@pasar/core/knowledge';
import type { Config } from '../../config';
import { extractText } from './file-text';
import type { KnowledgeUpload } from './knowledge-form';

/** The names this module gives: 32 hex characters and the type. */
const STORED_NAME = /^[a-f0-9]{32}\.(txt|md|pdf)$/;
/** Names a typed address may point at (files copied in by hand keep their own names). */
const READABLE_NAME = /^[A-Za-z0-9_-]+\.(txt|md|pdf)$/;

export type KnowledgeFileType = 'txt' | 'md' | 'pdf';

const refuse = (message: string) => new AppError('VALIDATION_ERROR', message, { fields: { file: message } });

/** The file's type when its name and content agree, else a refusal with a clear message. */
export function checkUpload(upload: KnowledgeUpload): KnowledgeFileType {
  const ext = path.extname(upload.name).toLowerCase();
  if (!(KNOWLEDGE_FILE_TYPES as readonly string[]).includes(ext)) throw refuse(knowledgeMessages.fileType);
  if (ext === '.pdf') {
    if (upload.buffer.subarray(0, 5).toString('latin1') !== '%PDF-') throw refuse(knowledgeMessages.fileNotPdf);
    return 'pdf';
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(upload.buffer);
    if (text.includes('\u0000')) throw new Error('NUL byte');
  } catch {
    throw refuse(knowledgeMessages.fileNotText);
  }
  return ext === '.md' ? 'md' : 'txt';
}

export interface KnowledgeFiles {
  /** Reads the text of a typed file address (only files stored here). */
  readText(file: string): Promise<string | null>;
  /** Stores a checked upload; returns its public address and its text. */
  store(upload: KnowledgeUpload, type: KnowledgeFileType): Promise<{ file: string; text: string | null }>;
  /** Removes a file this module stored; any other address is left alone. */
  remove(file: string): Promise<void>;
}

/** Whether an address names a file this module stored (and may therefore remove). */
export function isStoredKnowledgeFile(file: string): boolean {
  return file.startsWith(KNOWLEDGE_FILE_PREFIX) && STORED_NAME.test(file.slice(KNOWLEDGE_FILE_PREFIX.length));
}

export function knowledgeFiles(config: Pick<Config, 'uploadsDir'>): KnowledgeFiles {
  const dir = path.join(config.uploadsDir, 'knowledge');
  return {
    async readText(file) {
      if (!file.startsWith(KNOWLEDGE_FILE_PREFIX)) return null;
      const name = file.slice(KNOWLEDGE_FILE_PREFIX.length);
      if (!READABLE_NAME.test(name)) return null;
      try {
        return await extractText(await fs.readFile(path.join(dir, name)), name);
      } catch {
        return null;
      }
    },
    async store(upload, type) {
      const name = `${crypto.randomBytes(16).toString('hex')}.${type}`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), upload.buffer, { flag: 'wx' });
      return { file: `${KNOWLEDGE_FILE_PREFIX}${name}`, text: await extractText(upload.buffer, name) };
    },
    async remove(file) {
      if (!isStoredKnowledgeFile(file)) return;
      await fs.rm(path.join(dir, file.slice(KNOWLEDGE_FILE_PREFIX.length)), { force: true });
    },
  };
}

/**
 * Files attached to knowledge entries (issue 7 (docs/issues.md)). An uploaded file is checked by its content
 * (a .pdf must be a PDF, a .txt or .md must be UTF-8 text without NUL bytes), stored in the shop's
 * one storage as `knowledge/<random name>`, and served at /uploads/knowledge/… like product
 * images (docs/decisions/012-shopping-assistant.md). Its text goes to `knowledge_entries.file_text`
 * for the assistant. A typed address is read only when it names a file stored here; other
 * addresses are not fetched (the shop may run offline) and give no text.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { AppError } from '@pasar/core/errors';
import { KNOWLEDGE_FILE_PREFIX, KNOWLEDGE_FILE_TYPES, knowledgeMessages } from '@pasar/core/knowledge';
import { contentTypeOf, type ObjectStorage } from '../../integrations/storage/object-storage';
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

/** A typed address's storage key, or undefined when it names no file the shop may have stored. */
function keyOf(file: string, name: RegExp): string | undefined {
  if (!file.startsWith(KNOWLEDGE_FILE_PREFIX)) return undefined;
  const rest = file.slice(KNOWLEDGE_FILE_PREFIX.length);
  return name.test(rest) ? `knowledge/${rest}` : undefined;
}

/**
 * Knowledge files live in the public area of the shop's one storage under `knowledge/`; their
 * address stays /uploads/knowledge/… whether the bytes are on this disk or in S3, and the
 * /uploads route reads them through the server in the S3 case (docs/decisions/068-one-file-storage.md).
 */
export function knowledgeFiles(storage: ObjectStorage): KnowledgeFiles {
  return {
    async readText(file) {
      const key = keyOf(file, READABLE_NAME);
      if (!key) return null;
      try {
        const bytes = await storage.get('public', key);
        return bytes ? await extractText(bytes, key) : null;
      } catch {
        return null;
      }
    },
    async store(upload, type) {
      const name = `${crypto.randomBytes(16).toString('hex')}.${type}`;
      await storage.put('public', `knowledge/${name}`, upload.buffer, contentTypeOf(name));
      return { file: `${KNOWLEDGE_FILE_PREFIX}${name}`, text: await extractText(upload.buffer, name) };
    },
    async remove(file) {
      const key = keyOf(file, STORED_NAME);
      if (key) await storage.remove('public', key);
    },
  };
}

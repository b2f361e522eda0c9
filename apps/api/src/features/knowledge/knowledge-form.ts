/**
 * Reads a knowledge save request (docs/requirements/back-office.md §7: title, file, description, product_id):
 * JSON as before, or multipart/form-data with the same fields as text where `file` may instead
 * be an uploaded file (issue 7 (docs/issues.md)). The file is buffered with its own size limit; nothing is stored
 * until the fields are valid (knowledge.service.ts).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '@pasar/core/errors';
import { KNOWLEDGE_FILE_MAX_BYTES, knowledgeInputSchema, knowledgeMessages, knowledgeUpdateFormSchema } from '@pasar/core/knowledge';
import { readForm } from '../../lib/form';
import type { MultipartBody } from '../../plugins/openapi';

export interface KnowledgeUpload {
  name: string;
  buffer: Buffer;
}

export interface KnowledgeForm {
  fields: Record<string, unknown>;
  upload: KnowledgeUpload | undefined;
  /** Sent as multipart/form-data: every field is text (version too). */
  multipart: boolean;
}

const knowledgeFile: MultipartBody['files'] = {
  file: { description: `The entry's file: an upload (.txt, .md or .pdf, checked by content, at most ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB), or as text the address of a file.` },
};
/** The multipart form of a knowledge save, for the API document (plugins/openapi.ts). */
export const knowledgeCreateMultipart: MultipartBody = { fields: knowledgeInputSchema, files: knowledgeFile };
export const knowledgeUpdateMultipart: MultipartBody = { fields: knowledgeUpdateFormSchema, files: knowledgeFile };

const fileError = (code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE', message: string) => new AppError(code, message, { fields: { file: message } });

export async function readKnowledgeForm(request: FastifyRequest): Promise<KnowledgeForm> {
  const form = await readForm(request, {
    fileFields: ['file'],
    limits: { fileSize: KNOWLEDGE_FILE_MAX_BYTES, files: 1 },
    notAnObject: () => new AppError('VALIDATION_ERROR', knowledgeMessages.titleRequired, { fields: { title: knowledgeMessages.titleRequired } }),
    fileTooLarge: () => fileError('PAYLOAD_TOO_LARGE', knowledgeMessages.fileTooLarge),
    tooManyFiles: () => fileError('VALIDATION_ERROR', knowledgeMessages.oneFile),
  });
  const file = form.files[0];
  // The uploaded file is the entry's file; a `file` text field sent alongside is ignored.
  if (file) delete form.fields.file;
  return { fields: form.fields, upload: file ? { name: file.filename, buffer: file.buffer } : undefined, multipart: form.multipart };
}

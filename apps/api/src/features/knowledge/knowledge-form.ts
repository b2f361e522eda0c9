/**
 * Reads a knowledge save request (back-office spec §7: title, file, description, product_id):
 * JSON as before, or multipart/form-data with the same fields as text where `file` may instead
 * be an uploaded file (issue 7). The file is buffered with its own size limit; nothing is stored
 * until the fields are valid (knowledge.service.ts).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '@pasar/core/errors';
import { KNOWLEDGE_FILE_MAX_BYTES, knowledgeMessages } from '@pasar/core/knowledge';

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

export async function readKnowledgeForm(request: FastifyRequest): Promise<KnowledgeForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('VALIDATION_ERROR', knowledgeMessages.titleRequired, { fields: { title: knowledgeMessages.titleRequired } });
    }
    return { fields: body as Record<string, unknown>, upload: undefined, multipart: false };
  }
  const fields: Record<string, unknown> = {};
  let upload: KnowledgeUpload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: KNOWLEDGE_FILE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        // An empty file input sends an empty part; another file field is not ours.
        if (part.fieldname === 'file' && buffer.length > 0) upload = { name: part.filename, buffer };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', knowledgeMessages.fileTooLarge, { fields: { file: knowledgeMessages.fileTooLarge } });
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_ERROR', knowledgeMessages.oneFile, { fields: { file: knowledgeMessages.oneFile } });
    throw error;
  }
  // The uploaded file is the entry's file; a `file` text field sent alongside is ignored.
  if (upload) delete fields.file;
  return { fields, upload, multipart: true };
}

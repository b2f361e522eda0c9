/**
 * Reads a back-office save request that may carry files (products, knowledge): JSON as the spec
 * sends it, or multipart/form-data with every field as text plus file parts. Files are buffered
 * (nothing is stored before the fields are valid); empty file inputs and file fields the caller
 * does not take are skipped. Limits give the caller's own Indonesian refusals.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '@pasar/core/errors';
import { refuseHostileText } from '../plugins/text-input';

/** A multipart body the parser cannot read (no boundary, cut short, malformed parts). */
export const malformedMultipartMessage = 'Isi permintaan multipart/form-data tidak valid.';

export interface FormFile {
  field: string;
  filename: string;
  buffer: Buffer;
}

export interface SubmittedForm {
  fields: Record<string, unknown>;
  files: FormFile[];
  /** Sent as multipart/form-data: every field is text (numbers and JSON too). */
  multipart: boolean;
}

export interface FormOptions {
  /** The file fields this form takes; other file parts are drained and ignored. */
  fileFields: readonly string[];
  /** A body that is not an object: the first required field's message. */
  notAnObject: () => AppError;
  /** A file over the size limit (the plugin's, or `limits.fileSize`). */
  fileTooLarge: () => AppError;
  /** More file parts than `limits.files` allows. */
  tooManyFiles?: () => AppError;
  limits?: { fileSize?: number; files?: number };
}

export async function readForm(request: FastifyRequest, options: FormOptions): Promise<SubmittedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw options.notAnObject();
    return { fields: body as Record<string, unknown>, files: [], multipart: false };
  }
  // Without a boundary the parser throws a bare Error (a 500); refuse it as the client's mistake.
  if (!/;\s*boundary=[^;\s]/i.test(request.headers['content-type'] ?? '')) throw new AppError('BAD_REQUEST', malformedMultipartMessage);
  const fields: Record<string, unknown> = {};
  const files: FormFile[] = [];
  try {
    for await (const part of request.parts(options.limits ? { limits: options.limits } : undefined)) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer(); // read even when ignored, so the stream completes
        if (options.fileFields.includes(part.fieldname) && buffer.length > 0) files.push({ field: part.fieldname, filename: part.filename, buffer });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw options.fileTooLarge();
    if (code === 'FST_FILES_LIMIT' && options.tooManyFiles) throw options.tooManyFiles();
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error;
    // Whatever else the parser throws comes from the bytes the client sent.
    throw new AppError('BAD_REQUEST', malformedMultipartMessage);
  }
  // The edge hook (plugins/text-input.ts) never sees multipart fields: they are read here.
  refuseHostileText(fields);
  return { fields, files, multipart: true };
}

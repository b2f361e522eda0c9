/**
 * Knowledge entry use cases (docs/requirements/back-office.md §2, §5): the shopping assistant reads these. The
 * fields are checked with the shared schema before an uploaded file is stored; a file replaced
 * or left behind by a deleted entry is removed once the change is committed, and only when the
 * shop stored it and no other entry points at it.
 */
import { AppError } from '@pasar/core/errors';
import { knowledgeInputSchema, knowledgeMessages, knowledgeUpdateFormSchema, knowledgeUpdateSchema, type KnowledgeEntry, type KnowledgeInput } from '@pasar/core/knowledge';
import type { Db } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import { parseFields } from '../../lib/validation';
import { productExists } from '../products/products.service';
import { checkUpload, isStoredKnowledgeFile, type KnowledgeFiles } from './knowledge-files';
import type { KnowledgeForm } from './knowledge-form';
import {
  currentFile,
  deleteKnowledgeRow,
  fileInUse,
  findKnowledge,
  insertKnowledge,
  knowledgeExists,
  listKnowledge,
  updateKnowledge,
} from './knowledge.repository';

export { listKnowledge };

export interface SavedKnowledge {
  entry: KnowledgeEntry;
  /** A stored upload whose text could not be read (e.g. a scanned PDF). */
  unreadable: boolean;
}

async function checkProduct(db: Db, productId: number | null): Promise<void> {
  if (productId !== null && !(await productExists(db, productId))) {
    throw new AppError('VALIDATION_ERROR', knowledgeMessages.unknownProduct, { fields: { product_id: knowledgeMessages.unknownProduct } });
  }
}

/** Checks and stores the upload, if any: the entry then points at the stored file. */
async function withUpload(form: KnowledgeForm, input: KnowledgeInput, files: KnowledgeFiles): Promise<{ input: KnowledgeInput; text: string | null; stored: string | null }> {
  if (!form.upload) return { input, text: null, stored: null };
  const type = checkUpload(form.upload);
  const { file, text } = await files.store(form.upload, type);
  return { input: { ...input, file }, text, stored: file };
}

/** Removes a stored file no entry points at any more; a failure to remove is not the admin's problem. */
async function removeIfUnused(db: Db, files: KnowledgeFiles, file: string | undefined): Promise<void> {
  if (!file || !isStoredKnowledgeFile(file) || (await fileInUse(db, file))) return;
  await files.remove(file).catch(() => undefined);
}

export async function createKnowledge(db: Db, form: KnowledgeForm, files: KnowledgeFiles): Promise<SavedKnowledge> {
  const input = parseFields(knowledgeInputSchema, form.fields, knowledgeMessages.saveFailed);
  await checkProduct(db, input.product_id);
  const upload = await withUpload(form, input, files);
  try {
    const fileText = upload.stored ? upload.text : upload.input.file ? await files.readText(upload.input.file) : null;
    const id = await insertKnowledge(db, upload.input, fileText);
    return { entry: (await findKnowledge(db, id))!, unreadable: upload.stored !== null && upload.text === null };
  } catch (error) {
    if (upload.stored) await files.remove(upload.stored).catch(() => undefined);
    throw error;
  }
}

export async function editKnowledge(db: Db, id: number, form: KnowledgeForm, files: KnowledgeFiles): Promise<SavedKnowledge> {
  const { version, ...input } = parseFields(form.multipart ? knowledgeUpdateFormSchema : knowledgeUpdateSchema, form.fields, knowledgeMessages.saveFailed);
  await checkProduct(db, input.product_id);
  const previous = await currentFile(db, id);
  const upload = await withUpload(form, input, files);
  try {
    // Re-read a typed file only when it changed.
    const fileText = upload.stored ? upload.text : previous === input.file ? undefined : input.file ? await files.readText(input.file) : null;
    await versionedUpdateResult(await updateKnowledge(db, id, version, upload.input, fileText), () => knowledgeExists(db, id), knowledgeMessages.notFound);
  } catch (error) {
    // A refused save (stale version, unknown entry) keeps nothing it uploaded.
    if (upload.stored) await files.remove(upload.stored).catch(() => undefined);
    throw error;
  }
  if (previous !== upload.input.file) await removeIfUnused(db, files, previous);
  return { entry: (await findKnowledge(db, id))!, unreadable: upload.stored !== null && upload.text === null };
}

export async function removeKnowledge(db: Db, id: number, files: KnowledgeFiles): Promise<void> {
  const file = await currentFile(db, id);
  if (!(await deleteKnowledgeRow(db, id))) throw new AppError('NOT_FOUND', knowledgeMessages.notFound);
  await removeIfUnused(db, files, file);
}

/** Knowledge entry use cases (back-office spec §2, §5): the shopping assistant reads these. */
import { AppError } from '@pasar/core/errors';
import { knowledgeMessages, type KnowledgeEntry, type KnowledgeInput, type KnowledgeUpdate } from '@pasar/core/knowledge';
import type { Db } from '../../db/client';
import { versionedUpdateResult } from '../../lib/optimistic';
import {
  currentFile,
  deleteKnowledgeRow,
  findKnowledge,
  insertKnowledge,
  knowledgeExists,
  listKnowledge,
  productExists,
  updateKnowledge,
} from './knowledge.repository';

export { listKnowledge };

/** Reads the text of an attached file for the assistant; the caller decides how (see knowledge-files.ts). */
export type FileTextReader = (file: string) => Promise<string | null>;

async function checkProduct(db: Db, productId: number | null): Promise<void> {
  if (productId !== null && !(await productExists(db, productId))) {
    throw new AppError('VALIDATION_ERROR', knowledgeMessages.unknownProduct, { fields: { product_id: knowledgeMessages.unknownProduct } });
  }
}

export async function createKnowledge(db: Db, input: KnowledgeInput, readFileText: FileTextReader): Promise<KnowledgeEntry> {
  await checkProduct(db, input.product_id);
  const fileText = input.file ? await readFileText(input.file) : null;
  const id = await insertKnowledge(db, input, fileText);
  return (await findKnowledge(db, id))!;
}

export async function editKnowledge(db: Db, id: number, update: KnowledgeUpdate, readFileText: FileTextReader): Promise<KnowledgeEntry> {
  const { version, ...input } = update;
  await checkProduct(db, input.product_id);
  const previous = await currentFile(db, id);
  // Re-read the file only when it changed.
  const fileText = previous === input.file ? undefined : input.file ? await readFileText(input.file) : null;
  await versionedUpdateResult(await updateKnowledge(db, id, version, input, fileText), () => knowledgeExists(db, id), knowledgeMessages.notFound);
  return (await findKnowledge(db, id))!;
}

export async function removeKnowledge(db: Db, id: number): Promise<void> {
  if (!(await deleteKnowledgeRow(db, id))) throw new AppError('NOT_FOUND', knowledgeMessages.notFound);
}

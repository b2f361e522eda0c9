/**
 * The knowledge form's file: an uploaded .txt, .md or .pdf (issue 7), whose text the shopping
 * assistant reads, or a typed address when nothing is uploaded.
 */
import type { UseFormReturn } from 'react-hook-form';
import { KNOWLEDGE_FILE_ACCEPT, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_FILE_TYPES, knowledgeMessages, type KnowledgeInput } from '@pasar/core/knowledge';
import { Field } from '../../components/form';
import { fileLabel } from './knowledge-table';

export interface KnowledgeFormState {
  title: string;
  file: string;
  description: string;
  product_id: string;
  /** The picked .txt, .md or .pdf; sent beside the checked fields, never read by the schema. */
  upload: File | null;
}

/** The server checks the content too; this only saves a useless upload. */
export function uploadProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!KNOWLEDGE_FILE_TYPES.some((ext) => name.endsWith(ext))) return knowledgeMessages.fileType;
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return knowledgeMessages.fileTooLarge;
  return null;
}

export function KnowledgeFileFields({ form, uploadKey }: { form: UseFormReturn<KnowledgeFormState, unknown, KnowledgeInput>; uploadKey: number }) {
  const { errors } = form.formState;
  const [file, upload] = form.watch(['file', 'upload']);
  return (
    <>
    <div className="md:col-span-2">
      {file && (
        <p className="text-sm text-stone-600">
          Berkas saat ini:{' '}
          <a href={file} target="_blank" rel="noreferrer" className="text-green-800 underline">
            {fileLabel(file)}
          </a>
          {upload && ' (akan diganti)'}
        </p>
      )}
      <Field
        key={uploadKey}
        id="knowledge-upload"
        label={`Unggah berkas (.txt, .md atau .pdf, maks. ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB)`}
        type="file"
        accept={KNOWLEDGE_FILE_ACCEPT}
        error={errors.upload?.message}
        hint="Isi berkas dibaca asisten belanja untuk menjawab pembeli. PDF hasil pindaian (gambar) tidak dapat dibaca."
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          const problem = chosen ? uploadProblem(chosen) : null;
          form.setValue('upload', chosen);
          if (problem) form.setError('upload', { type: 'validate', message: problem });
          else form.clearErrors('upload');
        }}
      />
    </div>
    <div className="md:col-span-2">
      <Field
        id="knowledge-file"
        label="Berkas (URL atau path, opsional)"
        hint={upload ? 'Berkas yang diunggah menggantikan alamat ini.' : 'Atau tulis alamat berkas bila tidak mengunggah.'}
        disabled={upload !== null}
        error={errors.file?.message}
        {...form.register('file')}
      />
    </div>
    </>
  );
}

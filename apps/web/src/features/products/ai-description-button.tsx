/**
 * "Buat deskripsi AI" (issue 7 (docs/issues.md)): asks the server for a draft of the product's AI description
 * (the language model when configured, else a structured template) and puts it in the field for
 * the admin to edit. The form's unsaved name and description are sent, so the draft follows what
 * is typed; the rest comes from the saved product. Saving the product stores it and sets ai_status.
 */
import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { apiRequest } from '../../lib/api-client';
import { buttonStyles } from '../../components/admin/admin-ui';
import { failureMessage } from '../../components/form';

export function AiDescriptionButton({ productId, apply, fields }: { productId: number | null; apply: (text: string) => void; fields?: { name: string; description: string } }) {
  const [state, setState] = useState<{ busy: boolean; note: string | null; error: string | null }>({ busy: false, note: null, error: null });
  if (productId === null) {
    return <p className="mt-1 text-xs text-stone-500">Simpan produk terlebih dahulu, lalu buka lagi untuk membuat deskripsi AI.</p>;
  }
  const draft = async () => {
    setState({ busy: true, note: null, error: null });
    try {
      const { data } = await apiRequest<{ ai_description: string; mode: 'model' | 'template' }>(`/assistant/admin/products/${productId}/ai-description`, {
        method: 'POST',
        ...(fields ? { body: { name: fields.name.trim() || undefined, description: fields.description } } : {}),
      });
      apply(data.ai_description);
      setState({ busy: false, note: data.mode === 'model' ? 'Draf dari model bahasa. Periksa dan sunting sebelum menyimpan.' : 'Draf dari data produk (tanpa model bahasa). Sunting lalu simpan.', error: null });
    } catch (error) {
      setState({ busy: false, note: null, error: failureMessage(error, 'Gagal membuat deskripsi AI.') });
    }
  };
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <button type="button" className={buttonStyles.small} onClick={() => void draft()} disabled={state.busy}>
        {state.busy ? (
          'Membuat…'
        ) : (
          <span className="inline-flex items-center gap-1">
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            Buat deskripsi AI
          </span>
        )}
      </button>
      {state.note && <span className="text-xs text-stone-600">{state.note}</span>}
      {state.error && (
        <span role="alert" className="text-xs text-red-700">
          {state.error}
        </span>
      )}
    </div>
  );
}

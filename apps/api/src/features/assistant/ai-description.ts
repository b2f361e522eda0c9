/**
 * The "Buat deskripsi AI" draft (issue 7 (docs/issues.md)): from the product's own fields, with the language
 * model when configured, else a structured template. The form may send its unsaved name and
 * description, which win over the saved ones. The draft is returned, not saved: the admin edits
 * it and saves it with the product, which sets ai_status.
 */
import type { AiDescriptionDraft } from '@pasar/core/assistant';
import { AppError } from '@pasar/core/errors';
import { formatRupiah } from '@pasar/core/money';
import { productMessages } from '@pasar/core/products';
import type { Db } from '../../db/client';
import type { ChatClient } from '../../integrations/assistant/chat-client';
import { ProviderFailure } from '../../integrations/http';
import { toSellable, type SellableProduct } from './assistant-knowledge';
import { loadProductForDraft } from './assistant.repository';

export function templateDescription(p: SellableProduct): string {
  const lines: string[] = [];
  const maker = p.business ? ` buatan ${p.business}` : '';
  lines.push(`${p.name} adalah produk ${p.category ?? 'UMKM'}${maker}, UMKM lokal mitra Pasar UMKM.`);
  if (p.description) lines.push(p.description.trim());
  if (p.variants.length > 0) lines.push(`Tersedia dalam ukuran ${p.variants.map((v) => v.label).join(', ')}.`);
  else if (p.size) lines.push(`Ukuran/isi: ${p.size}.`);
  for (const g of p.option_groups) lines.push(`Pilihan ${g.name.toLowerCase()}: ${g.values.join(', ')}.`);
  if (p.notes) lines.push(`Catatan: ${p.notes.trim().replace(/\.?$/, '.')}`);
  lines.push(`Harga ${p.variants.length > 0 ? 'mulai ' : ''}${formatRupiah(p.unit_price)}.`);
  return lines.join(' ');
}

export async function draftAiDescription(db: Db, id: number, model: ChatClient | undefined, unsaved: AiDescriptionDraft = undefined): Promise<{ ai_description: string; mode: 'model' | 'template' }> {
  const row = await loadProductForDraft(db, id);
  if (!row) throw new AppError('NOT_FOUND', productMessages.notFound);
  const product = toSellable({ ...row, ...(unsaved?.name ? { name: unsaved.name } : {}), ...(unsaved?.description !== undefined ? { description: unsaved.description } : {}) });
  const template = templateDescription(product);
  if (!model) return { ai_description: template, mode: 'template' };
  try {
    const result = await model.complete(
      [
        {
          role: 'system',
          content:
            'Tulis deskripsi produk untuk toko online UMKM dalam bahasa Indonesia, 2 sampai 4 kalimat, ramah dan jujur. Gunakan hanya fakta yang diberikan; jangan menyebut harga, stok, atau klaim kesehatan yang tidak ada di fakta.',
        },
        { role: 'user', content: `Fakta produk:\n${template}` },
      ],
      undefined,
      { maxTokens: 300, temperature: 0.4 },
    );
    if (result.kind === 'answer' && result.text.trim()) return { ai_description: result.text.trim().slice(0, 5000), mode: 'model' };
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
  }
  return { ai_description: template, mode: 'template' };
}

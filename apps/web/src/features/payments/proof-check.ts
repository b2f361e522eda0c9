/**
 * The shopper's check of a proof of transfer before it is sent (decision 013: JPG, PNG, WEBP or
 * PDF, at most 5 MB). The server decides by the file's first bytes; this check only spares a
 * shopper on a slow connection the upload of a file that would be refused, with the same words.
 */
import { PROOF_ACCEPT, PROOF_MAX_BYTES, paymentMessages } from '@pasar/core/payments';

const accepted = PROOF_ACCEPT.split(',').map((s) => s.trim().toLowerCase());
const acceptedTypes = new Set(accepted.filter((s) => s.includes('/')));
const acceptedExtensions = new Set(accepted.filter((s) => s.startsWith('.')));

/** What is wrong with the chosen file, in the shopper's words, or null when it may be sent. */
export function proofFileProblem(file: { name: string; type: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot).toLowerCase() : '';
  // Browsers name the type from the extension, and some phones send none: either one will do.
  const typeOk = acceptedTypes.has(file.type.toLowerCase()) || acceptedExtensions.has(extension);
  if (!typeOk || file.size === 0) return paymentMessages.proofBadType;
  if (file.size > PROOF_MAX_BYTES) return paymentMessages.proofTooLarge;
  return null;
}

import { describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, paymentMessages } from '@pasar/core/payments';
import { proofFileProblem } from './proof-check';

describe('proof of transfer checked before it is sent', () => {
  it('accepts JPG, PNG, WEBP and PDF up to 5 MB, by type or by extension', () => {
    expect(proofFileProblem({ name: 'bukti.png', type: 'image/png', size: 2048 })).toBeNull();
    expect(proofFileProblem({ name: 'BUKTI.JPG', type: 'image/jpeg', size: 1 })).toBeNull();
    expect(proofFileProblem({ name: 'struk.webp', type: 'image/webp', size: PROOF_MAX_BYTES })).toBeNull();
    expect(proofFileProblem({ name: 'mutasi.pdf', type: 'application/pdf', size: 10_000 })).toBeNull();
    // Some phones send no type: the extension decides; a camera file without one, the type.
    expect(proofFileProblem({ name: 'bukti.jpeg', type: '', size: 10 })).toBeNull();
    expect(proofFileProblem({ name: 'IMG_0001', type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it('refuses other types with the spec words', () => {
    expect(proofFileProblem({ name: 'bukti.gif', type: 'image/gif', size: 10 })).toBe(paymentMessages.proofBadType);
    expect(proofFileProblem({ name: 'bukti.svg', type: 'image/svg+xml', size: 10 })).toBe(paymentMessages.proofBadType);
    expect(proofFileProblem({ name: 'foto.heic', type: 'image/heic', size: 10 })).toBe(paymentMessages.proofBadType);
    expect(proofFileProblem({ name: 'bukti.png.exe', type: '', size: 10 })).toBe(paymentMessages.proofBadType);
    expect(proofFileProblem({ name: '.png', type: '', size: 10 })).toBe(paymentMessages.proofBadType);
    expect(proofFileProblem({ name: 'kosong.png', type: 'image/png', size: 0 })).toBe(paymentMessages.proofBadType);
  });

  it('refuses a file above 5 MB', () => {
    expect(proofFileProblem({ name: 'besar.jpg', type: 'image/jpeg', size: PROOF_MAX_BYTES + 1 })).toBe(paymentMessages.proofTooLarge);
  });
});

import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatRupiah } from '@pasar/core/money';
import { refundMessages } from '@pasar/core/refunds';
import { emptyRefundForm } from './refund-form';
import { RefundFields } from './refund-fields';

const render = (method: 'transfer' | 'cash', errors = {}) =>
  renderToStaticMarkup(<RefundFields idPrefix="r" state={emptyRefundForm(method)} errors={errors} onChange={() => undefined} defaultAmount={125_000} />);

describe('the refund fields', () => {
  it('offers the three methods and says what an empty amount refunds', () => {
    const html = render('transfer');
    expect(html).toContain('>Transfer bank</option>');
    expect(html).toContain('>Tunai</option>');
    expect(html).toContain('>Payment gateway</option>');
    expect(html).toContain(`Kosongkan untuk mengembalikan ${formatRupiah(125_000)}.`);
    expect(html).toContain('Nomor referensi');
  });

  it('calls the reference optional for cash, and shows a field error on its control', () => {
    expect(render('cash')).toContain('Referensi (opsional)');
    const html = render('transfer', { reference: refundMessages.referenceRequired });
    expect(html).toMatch(/<input id="r-reference" aria-invalid="true" aria-describedby="r-reference-error"/);
    expect(html).toContain(refundMessages.referenceRequired);
  });
});

import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Field } from './field';

describe('Field', () => {
  it('ties the error to the control and marks it invalid', () => {
    const html = renderToStaticMarkup(<Field id="business-name" label="Nama usaha" error="Business name is required" hint="Nama yang dilihat pembeli." />);
    expect(html).toContain('<label for="business-name"');
    expect(html).toMatch(/<input id="business-name" aria-invalid="true" aria-describedby="business-name-error"/);
    expect(html).toContain('<p id="business-name-error" class="mt-1 text-sm text-red-700">Business name is required</p>');
    // The hint gives way to the error, so a screen reader reads one reason.
    expect(html).not.toContain('Nama yang dilihat pembeli.');
  });
  it('points at the hint while there is no error, and claims nothing invalid', () => {
    const html = renderToStaticMarkup(<Field id="website" label="Situs web" hint="https:// ditambahkan bila belum ada." />);
    expect(html).toMatch(/<input id="website" aria-describedby="website-hint"/);
    expect(html).not.toContain('aria-invalid');
    expect(html).toContain('<p id="website-hint"');
  });
  it('renders a select, a text area and a checkbox with the same wiring', () => {
    const select = renderToStaticMarkup(
      <Field as="select" id="role" label="Role" error="Role is required">
        <option value="">Pilih peran</option>
      </Field>,
    );
    expect(select).toMatch(/<select id="role" aria-invalid="true" aria-describedby="role-error"/);
    expect(renderToStaticMarkup(<Field as="textarea" id="notes" label="Catatan" error="Maksimal 10 karakter." />)).toMatch(/<textarea id="notes"[^>]*aria-invalid="true" aria-describedby="notes-error"/);
    const terms = renderToStaticMarkup(<Field id="terms" type="checkbox" label="Saya menyetujui" error="Anda harus menyetujui syarat dan ketentuan." />);
    expect(terms).toMatch(/<label for="terms"[^>]*><input id="terms" aria-invalid="true" aria-describedby="terms-error"[^>]*type="checkbox"/);
    expect(terms).toContain('Anda harus menyetujui syarat dan ketentuan.');
  });
});

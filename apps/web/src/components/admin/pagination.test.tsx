/** The one pager of the back-office lists and the one set of row actions: names, texts and limits. */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Pagination } from './pagination';
import { RowActions } from './row-actions';

const noop = () => undefined;
// The attribute, not the class name 'disabled:opacity-60'.
const disabled = (html: string, text: string) => /\sdisabled[\s>=]/.test(new RegExp(`<button[^>]*>${text}</button>`).exec(html)?.[0] ?? '');

describe('Pagination', () => {
  it('names the navigation and says the page, its count and the total in one line', () => {
    const html = renderToStaticMarkup(<Pagination label="Halaman produk" page={2} pageCount={2} total="13 produk" onPage={noop} />);
    expect(html).toMatch(/<nav aria-label="Halaman produk"/);
    expect(html).toContain('<span>Halaman 2 dari 2 · 13 produk</span>');
  });
  it('disables "Sebelumnya" on the first page and "Berikutnya" on the last', () => {
    const first = renderToStaticMarkup(<Pagination label="Halaman" page={1} pageCount={3} onPage={noop} />);
    expect(disabled(first, 'Sebelumnya')).toBe(true);
    expect(disabled(first, 'Berikutnya')).toBe(false);
    const last = renderToStaticMarkup(<Pagination label="Halaman" page={3} pageCount={3} onPage={noop} />);
    expect(disabled(last, 'Sebelumnya')).toBe(false);
    expect(disabled(last, 'Berikutnya')).toBe(true);
  });
  it('takes the next page from hasNext when the count is a lower bound', () => {
    const html = renderToStaticMarkup(<Pagination label="Halaman pesanan" page={50} pageCount="50+" hasNext onPage={noop} />);
    expect(html).toContain('Halaman 50 dari 50+');
    expect(disabled(html, 'Berikutnya')).toBe(false);
  });
  it('shows the "Per halaman" select only when given its sizes', () => {
    expect(renderToStaticMarkup(<Pagination label="Halaman" page={1} pageCount={1} onPage={noop} />)).not.toContain('Per halaman');
    const html = renderToStaticMarkup(<Pagination label="Halaman" page={1} pageCount={1} pageSize={{ value: 20, options: [10, 20], onChange: noop }} onPage={noop} />);
    expect(html).toContain('Per halaman');
    expect(html).toMatch(/<option (?=[^>]*selected)[^>]*value="20"/);
  });
});

describe('RowActions', () => {
  it('names each button after the row, with the extra buttons between edit and delete', () => {
    const html = renderToStaticMarkup(
      <RowActions name="budi" editText="Edit" onEdit={noop} onDelete={noop} deleteDisabled>
        <button type="button">Ganti kata sandi</button>
      </RowActions>,
    );
    expect(html).toMatch(/aria-label="Edit budi"[^>]*>Edit<\/button><button type="button">Ganti kata sandi<\/button><button[^>]*aria-label="Hapus budi"[^>]*>Hapus</);
    expect(disabled(html, 'Hapus')).toBe(true);
    expect(disabled(html, 'Edit')).toBe(false);
  });
  it('says "Ubah" unless told otherwise', () => {
    expect(renderToStaticMarkup(<RowActions name="Keripik" onEdit={noop} onDelete={noop} />)).toMatch(/aria-label="Ubah Keripik"[^>]*>Ubah</);
  });
});

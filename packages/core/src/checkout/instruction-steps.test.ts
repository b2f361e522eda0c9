import { describe, expect, it } from 'vitest';
import { readInstructions, step, stepFromHtml, stepText, strong } from './index';

describe('stepFromHtml (Tripay steps, converted once on the server)', () => {
  it('keeps words and bold, and nothing of the markup', () => {
    expect(stepFromHtml('Masukkan kode <b class="x" onclick="alert(1)">12345</b> lalu <strong>Bayar</strong>')).toEqual([
      { text: 'Masukkan kode ' },
      { text: '12345', strong: true },
      { text: ' lalu ' },
      { text: 'Bayar', strong: true },
    ]);
  });

  it('drops other tags but keeps their words, and scripts and styles whole', () => {
    expect(stepFromHtml('<a href="javascript:alert(1)">Buka aplikasi</a> <img src=x onerror=alert(1)><i>OK</i>')).toEqual([{ text: 'Buka aplikasi OK' }]);
    expect(stepFromHtml('a<script>alert("<b>x</b>")</script>b<STYLE>p{}</STYLE >c')).toEqual([{ text: 'abc' }]);
    expect(stepFromHtml('a<!-- <b>rahasia</b> -->b<!doctype html>c')).toEqual([{ text: 'abc' }]);
  });

  it('reads a quoted ">" as part of the tag, and a lone "<" as a word', () => {
    expect(stepFromHtml(`<span title="1 > 0">klik</span> <b data-x='>'>tebal</b>`)).toEqual([{ text: 'klik ' }, { text: 'tebal', strong: true }]);
    expect(stepFromHtml('1 < 2')).toEqual([{ text: '1 < 2' }]);
  });

  it('decodes entities into words, never into markup', () => {
    expect(stepFromHtml('&lt;b&gt;x&lt;/b&gt; &amp; &quot;OK&quot;&#39;&#x27; &unknown; &#0;')).toEqual([{ text: `<b>x</b> & "OK"'' &unknown; &#0;` }]);
  });

  it('puts a space where a line ended, tidies whitespace, and survives unbalanced bold', () => {
    expect(stepFromHtml('  Satu<br>Dua\n\n <b>tiga</b></b></b> empat<b>lima  ')).toEqual([{ text: 'Satu Dua ' }, { text: 'tiga', strong: true }, { text: ' empat' }, { text: 'lima', strong: true }]);
    expect(stepFromHtml('<p> </p>')).toEqual([]);
  });
});

describe('readInstructions', () => {
  it('reads a row of the old shape (HTML strings) and of the new one alike', () => {
    const old = [{ title: 'Transfer bank manual', steps: ['Tulis berita transfer: <b>Pesanan #7</b>.'] }];
    const current = [{ title: 'QRIS', steps: [step('Pastikan jumlahnya ', strong('Rp10.000'), '.')] }];
    expect(readInstructions(old)).toEqual([{ title: 'Transfer bank manual', steps: [[{ text: 'Tulis berita transfer: ' }, { text: 'Pesanan #7', strong: true }, { text: '.' }]] }]);
    expect(readInstructions(current)).toEqual(current);
    expect(stepText(readInstructions(current)[0]!.steps[0]!)).toBe('Pastikan jumlahnya Rp10.000.');
  });

  it('builds steps without empty segments', () => {
    expect(step('', strong('x'), '')).toEqual([{ text: 'x', strong: true }]);
  });
});

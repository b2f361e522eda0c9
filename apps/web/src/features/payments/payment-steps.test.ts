import { describe, expect, it } from 'vitest';
import { parseStepHtml, STEP_TAGS, type StepNode } from './payment-steps';

function tagsIn(nodes: StepNode[]): string[] {
  return nodes.flatMap((n) => (typeof n === 'string' ? [] : [n.tag, ...tagsIn(n.children)]));
}

describe('payment steps HTML', () => {
  it('keeps the few formatting tags, without any attribute', () => {
    expect(parseStepHtml('Masukkan kode <b class="x" onclick="alert(1)">12345</b> lalu <strong>Bayar</strong><br>Selesai')).toEqual([
      'Masukkan kode ',
      { tag: 'b', children: ['12345'] },
      ' lalu ',
      { tag: 'strong', children: ['Bayar'] },
      { tag: 'br', children: [] },
      'Selesai',
    ]);
    expect(parseStepHtml('<I>miring</I> <em>tekan</em><BR/>')).toEqual([{ tag: 'i', children: ['miring'] }, ' ', { tag: 'em', children: ['tekan'] }, { tag: 'br', children: [] }]);
  });

  it('drops scripts, styles and frames with their content, and other tags but not their words', () => {
    expect(parseStepHtml('a<script>alert(1)</script>b<style>p{}</style>c<iframe src="x">d</iframe>e')).toEqual(['abce']);
    expect(parseStepHtml('<a href="javascript:alert(1)">Buka aplikasi</a> <img src=x onerror=alert(1)><span style="x">OK</span>')).toEqual(['Buka aplikasi OK']);
    expect(parseStepHtml('<SCRIPT type="text/javascript">steal()</SCRIPT >x')).toEqual(['x']);
    expect(parseStepHtml('<svg><script>alert(1)</script></svg>x')).toEqual(['x']);
  });

  it('reads a quoted ">" inside an attribute as part of the tag', () => {
    expect(parseStepHtml('<a title="1 > 0" onmouseover="x()">klik</a>')).toEqual(['klik']);
    expect(parseStepHtml("<b data-x='>'>tebal</b>")).toEqual([{ tag: 'b', children: ['tebal'] }]);
  });

  it('keeps comments, doctypes and unfinished tags out of the text', () => {
    expect(parseStepHtml('a<!-- <b>rahasia</b> -->b<!doctype html>c<b')).toEqual(['abc']);
    expect(parseStepHtml('a<!-- tanpa akhir')).toEqual(['a']);
  });

  it('treats a lone "<" as text and decodes entities into text, never into markup', () => {
    expect(parseStepHtml('1 < 2 &amp; 3 &gt; 2')).toEqual(['1 < 2 & 3 > 2']);
    expect(parseStepHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toEqual(['<script>alert(1)</script>']);
    expect(parseStepHtml('Tekan &quot;OK&quot;&nbsp;&#39;ya&#x27; &unknown; &#0;')).toEqual(['Tekan "OK"\u00a0\'ya\' &unknown; &#0;']);
  });

  it('builds lists and paragraphs as a browser would', () => {
    expect(parseStepHtml('<ol><li>Satu<li>Dua</li></ol>')).toEqual([{ tag: 'ol', children: [{ tag: 'li', children: ['Satu'] }, { tag: 'li', children: ['Dua'] }] }]);
    expect(parseStepHtml('<p>Satu<p>Dua')).toEqual([{ tag: 'p', children: ['Satu'] }, { tag: 'p', children: ['Dua'] }]);
    expect(parseStepHtml('<p>Awal<ul><li>x</li></ul>')).toEqual([{ tag: 'p', children: ['Awal'] }, { tag: 'ul', children: [{ tag: 'li', children: ['x'] }] }]);
    // A list item outside a list is only its words; stray closing tags are ignored.
    expect(parseStepHtml('<li>Lepas</li></b></ol>')).toEqual(['Lepas']);
    expect(parseStepHtml('<b>tebal <i>miring</b> biasa')).toEqual([{ tag: 'b', children: ['tebal ', { tag: 'i', children: ['miring'] }] }, ' biasa']);
  });

  it('never yields a tag outside the allowed list, whatever it is fed', () => {
    const nasty = [
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<<b>>x<</b>>',
      '<b/onload=alert(1)>x</b>',
      '<table><tr><td>sel</td></tr></table>',
      '<p><div><p>x</p></div></p>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '</p><li></ol><br></br>',
    ];
    for (const html of nasty) for (const tag of tagsIn(parseStepHtml(html))) expect(STEP_TAGS).toContain(tag);
  });
});

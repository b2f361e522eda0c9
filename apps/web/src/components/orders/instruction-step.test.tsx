import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InstructionStepText } from './instruction-step';

describe('InstructionStepText', () => {
  it('draws bold segments as <b> and every text, markup-looking or not, as text', () => {
    const html = renderToStaticMarkup(<InstructionStepText step={[{ text: 'Masukkan <script>x</script> ' }, { text: '8808 & 1', strong: true }, { text: '.', strong: false }]} />);
    // React writes a text's '>' as '&gt;', Preact leaves it: without a '<' it opens no tag either way.
    expect(html.replaceAll('&gt;', '>')).toBe('Masukkan &lt;script>x&lt;/script> <b>8808 &amp; 1</b>.');
  });
});

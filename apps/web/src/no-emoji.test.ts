/**
 * No emoji in the web app's source (issue 17): without an emoji font (many Linux desktops, kiosk
 * browsers) they show as empty boxes, so an icon carried no meaning. Icons come from lucide-react
 * (SVG, `aria-hidden`) with a text label beside them. The pattern is written with escapes so this
 * file does not match itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;
/** Pictographs, dingbats (the frown, check mark and sparkles that were here), the emoji-presentation characters and the emoji variation selector. */
const emoji = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B50}\u{2705}]|\u{FE0F}|\p{Emoji_Presentation}/u;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css|html)$/.test(entry.name) ? [full] : [];
  });
}

describe('web source', () => {
  it('holds no emoji (icons are SVG with a text label)', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (emoji.test(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

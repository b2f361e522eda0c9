/** The backup's tar.gz container: what it writes the system's tar reads, and the other way round. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError, extractArchive, writeArchive } from './archive';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-archive-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const hasTar = (() => {
  try {
    execFileSync('tar', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const longName = `files/uploads/${'folder-yang-panjang/'.repeat(8)}gambar-ñ.webp`;
const big = Buffer.alloc(70_000, 7);
const entries = () => [
  { name: 'manifest.json', size: 2, content: Buffer.from('{}') },
  { name: 'db/empty.jsonl', size: 0, content: Buffer.alloc(0) },
  { name: 'db/block.jsonl', size: 512, content: Buffer.alloc(512, 65) },
  { name: longName, size: big.length, content: (async function* () {
    yield big.subarray(0, 1000);
    yield big.subarray(1000);
  })() },
];

describe('backup archive', () => {
  it('round-trips names (long and non-ASCII), empty files and exact block sizes, with their sha256', async () => {
    const file = path.join(work, 'a.tar.gz');
    await writeArchive(file, entries());
    const out = path.join(work, 'a');
    const files = await extractArchive(file, out);
    expect(files.map((f) => f.name)).toEqual(['manifest.json', 'db/empty.jsonl', 'db/block.jsonl', longName]);
    expect(files[3]).toEqual({ name: longName, size: big.length, sha256: sha(big) });
    expect(fs.readFileSync(path.join(out, longName)).equals(big)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'db/block.jsonl')).equals(Buffer.alloc(512, 65))).toBe(true);
  });

  it.runIf(hasTar)("is read by the system's tar, and reads what it writes", async () => {
    const file = path.join(work, 'b.tar.gz');
    await writeArchive(file, entries());
    const listed = execFileSync('tar', ['tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['manifest.json', 'db/empty.jsonl', 'db/block.jsonl', longName]);
    const src = path.join(work, 'src');
    fs.mkdirSync(path.join(src, 'x'), { recursive: true });
    fs.writeFileSync(path.join(src, 'x/satu.txt'), 'satu');
    const deep = `x/${'sangat-panjang-'.repeat(9)}.txt`;
    fs.writeFileSync(path.join(src, deep), 'dua');
    const theirs = path.join(work, 'c.tar.gz');
    execFileSync('tar', ['czf', theirs, '-C', src, 'x']);
    const files = await extractArchive(theirs, path.join(work, 'c'));
    expect(files.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: deep, size: 3, sha256: sha(Buffer.from('dua')) },
      { name: 'x/satu.txt', size: 4, sha256: sha(Buffer.from('satu')) },
    ]);
  });

  it('refuses a file whose size changed while it was read, and leaves no archive behind', async () => {
    const file = path.join(work, 'd.tar.gz');
    await expect(writeArchive(file, [{ name: 'x', size: 10, content: Buffer.from('pendek') }])).rejects.toBeInstanceOf(ArchiveError);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
  });

  it('refuses a truncated archive and a name that climbs out of the folder', async () => {
    const file = path.join(work, 'e.tar.gz');
    await writeArchive(file, entries());
    const whole = fs.readFileSync(file);
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(extractArchive(file, path.join(work, 'e'))).rejects.toBeInstanceOf(ArchiveError);
    await expect(writeArchive(path.join(work, 'f.tar.gz'), [{ name: '../luar', size: 0, content: Buffer.alloc(0) }])).rejects.toBeInstanceOf(ArchiveError);
  });
});

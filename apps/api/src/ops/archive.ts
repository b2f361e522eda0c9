/**
 * The backup archive's container: a gzip-compressed POSIX tar (ustar, with pax records for long names
 * and large sizes), so an operator can list or unpack it with the system's own `tar xzf` and no tool
 * of ours (docs/decisions/069-backup-and-restore.md). Written here rather than taken from a package:
 * the one tar package in node_modules arrives through exceljs and is not ours to rely on, and the
 * format needs a hundred lines.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export class ArchiveError extends Error {}

export interface ArchiveEntry {
  /** A relative path with forward slashes. */
  name: string;
  size: number;
  /** The bytes; exactly `size` of them, or the archive is refused rather than written torn. */
  content: Buffer | AsyncIterable<Buffer>;
}

const BLOCK = 512;
const USTAR_MAX_SIZE = 0o77777777777;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

/** One pax record: its length counts its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* tarStream(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const entry of entries) {
    if (entry.name.startsWith('/') || entry.name.split('/').includes('..')) throw new ArchiveError(`Nama berkas arsip tidak sah: ${entry.name}`);
    const records = [
      ...(Buffer.byteLength(entry.name) > 99 || /[^\x20-\x7e]/.test(entry.name) ? [paxRecord('path', entry.name)] : []),
      ...(entry.size > USTAR_MAX_SIZE ? [paxRecord('size', String(entry.size))] : []),
    ].join('');
    if (records) {
      const pax = Buffer.from(records, 'utf8');
      yield header('PaxHeader', pax.length, 'x', mtime);
      yield pax;
      yield padding(pax.length);
    }
    yield header(entry.name.slice(0, 99), Math.min(entry.size, USTAR_MAX_SIZE), '0', mtime);
    let written = 0;
    const chunks = Buffer.isBuffer(entry.content) ? [entry.content] : entry.content;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    if (written !== entry.size) throw new ArchiveError(`Berkas ${entry.name} berubah ukuran saat dicadangkan (${entry.size} → ${written} bita).`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * Writes the entries as `target` (.tar.gz). The archive appears under its name only once complete:
 * it is written beside it and renamed, so a backup cut short leaves no file that looks whole.
 */
export async function writeArchive(target: string, entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>): Promise<void> {
  const partial = `${target}.partial`;
  try {
    // Opened here, not by the stream, so the file exists before any failure and is removed after it.
    const fd = fs.openSync(partial, 'w', 0o600);
    await pipeline(Readable.from(tarStream(entries)), zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { fd }));
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

export interface ExtractedFile {
  name: string;
  size: number;
  sha256: string;
}

function parseOctal(block: Buffer, offset: number, width: number): number {
  const text = block.toString('ascii', offset, offset + width).replace(/\0.*$/s, '').trim();
  return text ? parseInt(text, 8) : 0;
}

function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(data.toString('ascii', at, space));
    if (!length) break;
    const record = data.toString('utf8', space + 1, at + length - 1);
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

/**
 * Unpacks a .tar.gz made by writeArchive (or by `tar czf`) into `dir`: regular files only, each name
 * kept inside `dir`, each file's sha256 taken as it is written. Files are private to the owner unless
 * `modeOf` says otherwise (a database export and payment proofs hold personal data).
 */
export async function extractArchive(archive: string, dir: string, modeOf: (name: string) => number = () => 0o600): Promise<ExtractedFile[]> {
  const files: ExtractedFile[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let pax: Record<string, string> = {};
  // What the bytes after the current header are: a file's content, a pax record, or something skipped.
  let current: { kind: 'file' | 'pax' | 'longname' | 'skip'; name: string; remaining: number; pad: number; fd?: number; hash?: ReturnType<typeof createHash>; paxData?: Buffer[]; size: number } | undefined;
  let ended = false;
  const root = path.resolve(dir);

  const finish = () => {
    if (!current) return;
    if (current.kind === 'file') {
      fs.closeSync(current.fd!);
      files.push({ name: current.name, size: current.size, sha256: current.hash!.digest('hex') });
    } else if (current.kind === 'pax') {
      pax = parsePax(Buffer.concat(current.paxData!));
    } else if (current.kind === 'longname') {
      // GNU tar's own long-name entry (`tar czf` of a deep folder): the next entry's full name.
      pax = { ...pax, path: Buffer.concat(current.paxData!).toString('utf8').replace(/\0.*$/s, '') };
    }
  };

  const input = fs.createReadStream(archive).pipe(zlib.createGunzip());
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (current && current.remaining > 0) {
          if (pending.length === 0) break;
          const take = pending.subarray(0, Math.min(current.remaining, pending.length));
          if (current.kind === 'file') {
            fs.writeSync(current.fd!, take);
            current.hash!.update(take);
          } else if (current.kind === 'pax' || current.kind === 'longname') current.paxData!.push(Buffer.from(take));
          current.remaining -= take.length;
          pending = pending.subarray(take.length);
          continue;
        }
        if (current) {
          if (pending.length < current.pad) break;
          pending = pending.subarray(current.pad);
          finish();
          current = undefined;
          continue;
        }
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((b) => b === 0)) {
          ended = true;
          break;
        }
        const type = String.fromCharCode(block[156] ?? 0x30);
        const prefix = block.toString('utf8', 345, 500).replace(/\0.*$/s, '');
        const shortName = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
        const name = pax.path ?? (prefix ? `${prefix}/${shortName}` : shortName);
        const size = pax.size !== undefined ? Number(pax.size) : parseOctal(block, 124, 12);
        const pad = (BLOCK - (size % BLOCK)) % BLOCK;
        if (type !== 'x' && type !== 'L') pax = {};
        if (type === 'x' || type === 'L') {
          current = { kind: type === 'x' ? 'pax' : 'longname', name, remaining: size, pad, paxData: [], size };
        } else if (type === '0' || type === '\0') {
          const target = path.resolve(root, name);
          if (!target.startsWith(root + path.sep)) throw new ArchiveError(`Arsip berisi nama berkas di luar foldernya: ${name}`);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          current = { kind: 'file', name, remaining: size, pad, fd: fs.openSync(target, 'w', modeOf(name)), hash: createHash('sha256'), size };
        } else {
          current = { kind: 'skip', name, remaining: size, pad, size };
        }
        if (current.remaining === 0 && current.pad === 0) {
          finish();
          current = undefined;
        }
      }
      if (ended) break;
    }
  } catch (error) {
    if (current?.fd !== undefined) fs.closeSync(current.fd);
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`Arsip ${archive} tidak dapat dibaca (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!ended || current) {
    if (current?.fd !== undefined) fs.closeSync(current.fd);
    throw new ArchiveError(`Arsip ${archive} terpotong atau rusak: akhir arsip tidak ditemukan.`);
  }
  return files;
}

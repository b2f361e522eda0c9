#!/usr/bin/env node
/**
 * Dead links fail `npm test`: every relative link in README.md, CONTRIBUTING.md and docs/**\/*.md
 * must reach a file, and every `docs/….md` path (or `docs/decisions/NNN`) named in the source
 * under apps/, packages/, e2e/, scripts/ and bench/ must exist. Web links and #anchors are not
 * followed. Prints each dead link with its place; exits 1 when there is any.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const skipDirs = new Set(['node_modules', '.git', '.tmp', 'dist', 'data', 'coverage']);

function walk(dir, keep, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipDirs.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

const rel = (file) => path.relative(root, file);
const lineOf = (text, index) => text.slice(0, index).split('\n').length;
const dead = [];

// 1. Relative links in the Markdown the project writes.
const markdown = [path.join(root, 'README.md'), path.join(root, 'CONTRIBUTING.md'), ...walk(path.join(root, 'docs'), (n) => n.endsWith('.md'))].filter((f) => fs.existsSync(f));
const linkPattern = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
for (const file of markdown) {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ' '));
  for (const match of text.matchAll(linkPattern)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    const filePart = decodeURIComponent(target.split('#')[0] ?? '');
    const resolved = filePart.startsWith('/') ? path.join(root, filePart) : path.resolve(path.dirname(file), filePart);
    if (!fs.existsSync(resolved)) dead.push(`${rel(file)}:${lineOf(text, match.index ?? 0)}  ${target}`);
  }
}

// 2. docs/ paths named in the source (comments and strings alike: a path anywhere must exist).
const decisions = fs.existsSync(path.join(root, 'docs/decisions')) ? fs.readdirSync(path.join(root, 'docs/decisions')) : [];
const sources = ['apps', 'packages', 'e2e', 'scripts', 'bench'].flatMap((d) => walk(path.join(root, d), (n) => /\.(ts|tsx|mjs|js|cjs)$/.test(n)));
for (const file of sources) {
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/docs\/[\w./-]*?\.md\b/g)) {
    if (!fs.existsSync(path.join(root, match[0]))) dead.push(`${rel(file)}:${lineOf(text, match.index ?? 0)}  ${match[0]}`);
  }
  for (const match of text.matchAll(/docs\/decisions\/(\d{3})(?![\d-])/g)) {
    if (!decisions.some((d) => d.startsWith(`${match[1]}-`))) dead.push(`${rel(file)}:${lineOf(text, match.index ?? 0)}  ${match[0]}`);
  }
}

if (dead.length > 0) {
  console.error(`Dead links (${dead.length}):\n${dead.map((d) => `  ${d}`).join('\n')}`);
  process.exit(1);
}
console.info(`links: ${markdown.length} Markdown files and ${sources.length} source files checked, none dead`);

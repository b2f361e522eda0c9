#!/usr/bin/env node
/**
 * Dead links fail `npm test`. Checked:
 * 1. every relative link in README.md, CONTRIBUTING.md and docs/**\/*.md must reach a file;
 * 2. every `*.md` path cited anywhere else, in that Markdown's prose or in the sources under apps/, packages/, e2e/,
 *    scripts/, bench/ and ops/ (comments and strings alike), must name a file, as must a `docs/decisions/NNN`
 *    without its title.
 * A cited path is looked for from the repository root, from the citing file's folder and from docs/ (so
 * "requirements/storefront.md" and a decision's bare "046-timeouts-lookups-and-logs.md" count); in source files a
 * bare name counts only when it is a decision's (NNN-…) or an upper-case one (README.md), since lower-case bare
 * names there are test data (an uploaded "a.md"). Web links and #anchors are not followed. Prints each dead link
 * with its place; exits 1 when there is any. `findDeadLinks(root)` is what scripts/check-links.test.mjs runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const skipDirs = new Set(['node_modules', '.git', '.tmp', 'dist', 'data', 'coverage']);
const sourceDirs = ['apps', 'packages', 'e2e', 'scripts', 'bench', 'ops'];
const sourceFile = /\.(ts|tsx|mts|cts|mjs|js|cjs|sh|ya?ml|conf)$/;

/**
 * @param {string} dir
 * @param {(name: string) => boolean} keep
 * @param {string[]} [out]
 * @returns {string[]}
 */
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

/** @param {string} text @param {number} index */
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Markdown link: [text](target "title"). */
const linkPattern = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** A path ending in .md, not the tail of a longer path or of a web address. */
const mdPathPattern = /(?<![\w./:-])((?:\.\.?\/)*(?:[\w][\w.-]*\/)*[\w][\w.-]*\.md)(?![\w-])/g;
const decisionName = /^\d{3}-[\w.-]+\.md$/;
const upperCaseName = /^[A-Z][A-Z0-9_-]*\.md$/;

/**
 * Where a cited path may be found; empty when it is not checked at all.
 * @param {string} root @param {string} file @param {string} cited @param {boolean} markdown
 * @returns {string[]}
 */
function candidates(root, file, cited, markdown) {
  if (/NNN/.test(cited)) return []; // a placeholder in a how-to ("docs/decisions/NNN-title.md"), not a citation
  const bare = !cited.includes('/');
  if (bare && !markdown && !decisionName.test(cited) && !upperCaseName.test(cited)) return [];
  const places = [root, path.dirname(file), path.join(root, 'docs')];
  if (bare && decisionName.test(cited)) places.push(path.join(root, 'docs/decisions'));
  return places.map((place) => path.resolve(place, cited));
}

/**
 * @param {string} root the repository's root folder
 * @returns {{ dead: string[], markdownCount: number, sourceCount: number }}
 */
export function findDeadLinks(root) {
  const rel = (/** @type {string} */ file) => path.relative(root, file);
  /** @type {string[]} */
  const dead = [];
  const decisionsDir = path.join(root, 'docs/decisions');
  const decisions = fs.existsSync(decisionsDir) ? fs.readdirSync(decisionsDir) : [];

  /** @param {string} file @param {string} text @param {boolean} markdown */
  const checkCitedPaths = (file, text, markdown) => {
    for (const match of text.matchAll(mdPathPattern)) {
      const cited = match[1] ?? '';
      const places = candidates(root, file, cited, markdown);
      if (places.length > 0 && !places.some((place) => fs.existsSync(place))) dead.push(`${rel(file)}:${lineOf(text, match.index ?? 0)}  ${cited}`);
    }
    for (const match of text.matchAll(/docs\/decisions\/(\d{3})(?![\d-])/g)) {
      if (!decisions.some((d) => d.startsWith(`${match[1]}-`))) dead.push(`${rel(file)}:${lineOf(text, match.index ?? 0)}  ${match[0]}`);
    }
  };

  // 1. Relative links in the Markdown the project writes, then the paths its prose cites.
  const markdown = [path.join(root, 'README.md'), path.join(root, 'CONTRIBUTING.md'), ...walk(path.join(root, 'docs'), (n) => n.endsWith('.md'))].filter((f) => fs.existsSync(f));
  for (const file of markdown) {
    const text = fs.readFileSync(file, 'utf8');
    const outsideCode = text.replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ' '));
    for (const match of outsideCode.matchAll(linkPattern)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const filePart = decodeURIComponent(target.split('#')[0] ?? '');
      const resolved = filePart.startsWith('/') ? path.join(root, filePart) : path.resolve(path.dirname(file), filePart);
      if (!fs.existsSync(resolved)) dead.push(`${rel(file)}:${lineOf(outsideCode, match.index ?? 0)}  ${target}`);
    }
    // Links were checked above (relative to the file only); blank them, text and target, so a dead one is reported
    // once and a link whose text is a file's bare name is not read as a second path.
    const prose = text.replace(linkPattern, (link) => link.replace(/[^\n]/g, ' '));
    checkCitedPaths(file, prose, true);
  }

  // 2. Paths named in the source (comments and strings alike: a path anywhere must exist).
  // This script's own test is left out: its fixtures cite dead paths on purpose.
  const sources = sourceDirs.flatMap((d) => walk(path.join(root, d), (n) => sourceFile.test(n) && n !== 'check-links.test.mjs'));
  for (const file of sources) checkCitedPaths(file, fs.readFileSync(file, 'utf8'), false);

  return { dead, markdownCount: markdown.length, sourceCount: sources.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { dead, markdownCount, sourceCount } = findDeadLinks(root);
  if (dead.length > 0) {
    console.error(`Dead links (${dead.length}):\n${dead.map((d) => `  ${d}`).join('\n')}`);
    process.exit(1);
  }
  console.info(`links: ${markdownCount} Markdown files and ${sourceCount} source files checked, none dead`);
}

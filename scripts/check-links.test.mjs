// Run with `node --test scripts/check-links.test.mjs`: builds a small repository in a temp folder and checks what
// findDeadLinks reports for it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { findDeadLinks } from './check-links.mjs';

/** @param {Record<string, string>} files path → content @returns {string} the root */
function repository(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-links-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

const base = {
  'README.md': 'See [the design](docs/design.md) and CONTRIBUTING.md.\n',
  'CONTRIBUTING.md': 'Record a decision in `docs/decisions/NNN-title.md`.\n',
  'docs/design.md': 'Rules in requirements/storefront.md §5, [a decision](decisions/015-web-forms.md), [catalog.md](perf/catalog.md).\n',
  'docs/perf/catalog.md': '# Catalogue\n',
  'docs/requirements/storefront.md': '# Storefront\n',
  'docs/decisions/015-web-forms.md': '# 015\n',
  'apps/api/src/a.ts': [
    '// docs/decisions/015-web-forms.md, 015-web-forms.md and docs/decisions/015 say why (README.md).',
    "const upload = { name: 'a.md', other: 'catatan.md' }; // test data, not a citation",
    '// https://github.com/example/project/blob/main/OTHER.md is a web address',
  ].join('\n'),
};

void test('a repository whose citations all exist passes', (t) => {
  const root = repository(base);
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  assert.deepEqual(findDeadLinks(root).dead, []);
});

void test('a dead *.md path cited in a source comment fails, with its file and line', (t) => {
  const root = repository({
    ...base,
    'packages/core/src/b.ts': '/**\n * Settlement rules (docs/decisions/057-settlement-rules.md).\n */\n',
    'scripts/c.mjs': '// see TOOLCHAIN.md\n',
    'ops/d.ts': '// docs/requirements/back-office.md §4\n',
    'bench/e.ts': '// 099-gone.md\n',
  });
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  assert.deepEqual(findDeadLinks(root).dead.sort(), [
    'bench/e.ts:1  099-gone.md',
    'ops/d.ts:1  docs/requirements/back-office.md',
    'packages/core/src/b.ts:2  docs/decisions/057-settlement-rules.md',
    'scripts/c.mjs:1  TOOLCHAIN.md',
  ]);
});

void test('a dead decision number, a dead Markdown link and a dead path in Markdown prose fail', (t) => {
  const root = repository({
    ...base,
    'e2e/f.spec.ts': '// docs/decisions/042\n',
    'docs/issues.md': 'A [row](decisions/099-none.md); the guide DESIGN.md; `docs/deploy.md`.\n',
  });
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  assert.deepEqual(findDeadLinks(root).dead.sort(), [
    'docs/issues.md:1  DESIGN.md',
    'docs/issues.md:1  decisions/099-none.md',
    'docs/issues.md:1  docs/deploy.md',
    'e2e/f.spec.ts:1  docs/decisions/042',
  ]);
});

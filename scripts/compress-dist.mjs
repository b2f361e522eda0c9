#!/usr/bin/env node
/**
 * After `vite build`: writes .br and .gz copies of every text asset, which the server sends
 * to browsers that accept them (@fastify/static preCompressed). A cheap phone on a slow
 * network then downloads a third of the bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The build's folder: apps/web/dist, or the one given (a build made elsewhere with --outDir).
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

// dist/server is the renderer the API imports (docs/decisions/026-server-rendered-storefront.md), never sent.
const serverBundle = path.join(dist, 'server');

/** @param {string} dir */
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== serverBundle) walk(full);
    } else if (compressible.test(entry.name)) {
      const data = fs.readFileSync(full);
      if (data.length < 512) continue;
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}
walk(dist);

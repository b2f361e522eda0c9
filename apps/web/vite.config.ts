import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, minify, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The server draws the storefront (docs/decisions/026-server-rendered-storefront.md): its first paint
 * needs the HTML, the stylesheet and the first product photos, not the app's script, which only
 * hydrates. So a built page names one tiny script, src/app/boot.ts, which asks for the app (the entry
 * and the modules Vite would preload) once those photos are painted. The entry's own tags are removed
 * from the HTML and handed to it as data attributes.
 */
function startAfterPictures(): Plugin {
  let ssr = false;
  let fileName = '';
  let source = '';
  return {
    name: 'pasar:start-after-pictures',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      if (ssr) return;
      const file = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));
      const { code } = await transformWithOxc(fs.readFileSync(file, 'utf8'), file, { lang: 'ts' });
      source = (await minify('boot.js', code, { module: true })).code;
      fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const preload: string[] = [];
        let entry = '';
        const rest = html
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
            preload.push(href);
            return '';
          })
          .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
            entry = src;
            return `<script type="module" crossorigin src="/${fileName}" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
          });
        if (!entry) throw new Error('startAfterPictures: the entry script tag was not found in index.html');
        return rest;
      },
    },
  };
}

/**
 * The app runs on Preact's React compatibility layer, in the browser and in the server's renderer
 * (docs/decisions/032-preact-compat.md): react-dom alone was 54 of the storefront's 90 KB. The code
 * keeps importing `react` and `react-dom` (and their types); only the build swaps the runtime.
 * Removing these aliases (and the ssr.noExternal below) switches back to React.
 */
function preactCompat(ssr: boolean) {
  // Absolute files: React Router and the other libraries sit in another node_modules than Preact
  // when a workspace holds it, and a bare 'preact/compat' would not resolve from there.
  const file = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
  return [
    { find: /^react$/, replacement: file('preact/compat') },
    { find: /^react-dom$/, replacement: file('preact/compat') },
    { find: /^react-dom\/client$/, replacement: file('preact/compat/client') },
    // The POS receipt draws static markup in the browser too: the browser build has no Node streams.
    { find: /^react-dom\/server$/, replacement: file(ssr ? 'preact/compat/server' : 'preact/compat/server.browser') },
    { find: /^react\/jsx-runtime$/, replacement: file('preact/compat/jsx-runtime') },
    { find: /^react\/jsx-dev-runtime$/, replacement: file('preact/compat/jsx-dev-runtime') },
  ];
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), startAfterPictures()],
  resolve: { alias: preactCompat(isSsrBuild === true) },
  // The server bundle would otherwise import React Router, TanStack Query and the form and icon
  // libraries from node_modules at run time, and they would import the real React: bundled, they
  // see the aliases above and share the one Preact the app renders with.
  ssr: { noExternal: [/^react/, /^@tanstack\//, /^@hookform\//, 'lucide-react', /^preact/] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The storefront must stay small on a cheap phone: admin and POS are split into lazy chunks.
    chunkSizeWarningLimit: 300,
    // Every browser the es2022 target runs on knows <link rel="modulepreload">: no polyfill in the first chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React Router reads `useOptimistic` when the runtime has it and falls back when not; on Preact it is
      // undefined by design (docs/decisions/032-preact-compat.md), so `npm start` need not print it as a warning.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
    },
    // The server bundle (`vite build --ssr`, docs/decisions/026-server-rendered-storefront.md) goes to
    // dist/server, which the API imports and never serves; the public files are the client build's.
    ...(isSsrBuild ? { copyPublicDir: false } : {}),
  },
}));

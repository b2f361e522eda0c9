import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The server draws the storefront (docs/decisions/026-server-rendered-storefront.md): its first paint
 * needs the HTML and the stylesheet, not the app's script, which only hydrates. On a slow link the
 * script is therefore asked for at low priority, after the stylesheet and the product pictures.
 */
function scriptAfterPaint(): Plugin {
  return {
    name: 'pasar:script-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=')
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" fetchpriority="low" crossorigin href='),
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), scriptAfterPaint()],
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
    // The server bundle (`vite build --ssr`, docs/decisions/026-server-rendered-storefront.md) goes to
    // dist/server, which the API imports and never serves; the public files are the client build's.
    ...(isSsrBuild ? { copyPublicDir: false } : {}),
  },
}));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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

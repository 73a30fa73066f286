import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './server/build/precompress';

export default defineConfig({
  // Brotli and gzip siblings of the built files, served by @fastify/static's preCompressed (server/app.ts).
  plugins: [react(), precompressPlugin()],
  resolve: {
    // node-polyglot's Object.entries polyfill pulls ~16 KB of es-abstract into the first chunk
    // (docs/decisions.md 'First-load budget').
    alias: [{ find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/shared/shims/objectEntries.cjs', import.meta.url)) }],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' } },
  // The manifest lets `npm run bench` measure each route's JavaScript (bench/bundle.ts).
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }],
        },
      },
    },
  },
});

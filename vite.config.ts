import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SIGNED_IN_AREAS } from './i18n/es/loading';
import { precompressPlugin } from './server/build/precompress';

/**
 * Imports inside libraries resolved to lazy stand-ins that load the real module on first use (src/shared/shims/;
 * docs/decisions/0022-first-load-budget.md): MUI TextField's Select (its select mode only) and ra-core's jsonexport.
 * Only the named importer is redirected: the stand-in's own import gets the real module.
 */
const LAZY_IMPORTS: ReadonlyArray<{ source: string; importer: RegExp; shim: string }> = [
  {
    source: '../Select/index.js',
    importer: /[\\/]@mui[\\/]material[\\/](esm[\\/])?TextField[\\/]TextField\.js$/,
    shim: fileURLToPath(new URL('./src/shared/shims/lazySelect.tsx', import.meta.url)),
  },
  {
    source: 'jsonexport/dist/index.js',
    importer: /[\\/]ra-core[\\/]dist[\\/]export[\\/]defaultExporter\.js$/,
    shim: fileURLToPath(new URL('./src/shared/shims/lazyJsonExport.ts', import.meta.url)),
  },
];

function lazyLibraryImports(): Plugin {
  return {
    name: 'portales-lazy-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return LAZY_IMPORTS.find((lazy) => lazy.source === source && lazy.importer.test(importer))?.shim ?? null;
    },
  };
}

export default defineConfig({
  // Brotli and gzip siblings of the built files, served by @fastify/static's preCompressed (server/app.ts).
  plugins: [react(), lazyLibraryImports(), precompressPlugin()],
  resolve: {
    // node-polyglot's Object.entries polyfill pulls ~16 KB of es-abstract into the first chunk
    // (docs/decisions/0022-first-load-budget.md).
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
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), admin: fileURLToPath(new URL('./src/adminRoot.tsx', import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            // The libraries /login runs before the admin (src/main.tsx): React, the router, ra-core's HttpError (the API client's errors).
            { name: 'vendor-sign-in', test: /[\\/]node_modules[\\/]((react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]|ra-core[\\/]dist[\\/]dataProvider[\\/]HttpError\.js$)/, priority: 2 },
            // The admin's libraries (react-admin, MUI…): those its entry (src/adminRoot.tsx, an entry for this reason) imports statically.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            // The signed-in areas' texts (i18n/es/loading.ts) arrive together after sign-in: one chunk, not one per area.
            { name: 'messages-signed-in', test: new RegExp(`[\\\\/]i18n[\\\\/]es[\\\\/](${SIGNED_IN_AREAS.join('|')})\\.ts$`) },
          ],
        },
      },
    },
  },
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { webDistDir } from './server/web-dist-dir.ts';

// The API server the dev server forwards to (npm run dev starts both).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

/**
 * Writes a brotli and a gzip copy beside each script, style sheet and SVG of the build, compressed once
 * at the highest level; the server sends them as they are to a browser that takes them
 * (docs/architecture.md, Page speed). From the files as written: Vite still rewrites chunks after the
 * bundle is generated.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const path = join(options.dir ?? webDistDir(), fileName);
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, brotli));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: webDistDir(),
    emptyOutDir: true,
    rolldownOptions: {
      // A feature's index.ts only passes on what its modules export (docs/architecture.md): an import
      // through it reaches the module that holds the export, so a page's chunk takes only what it uses.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }],
      },
      output: {
        // Few, larger scripts (docs/architecture.md, Page speed): what every page needs beside the entry; the
        // sign-in pages with what they draw; the signed-in frame with everything it draws, whichever page it
        // opens on. A module both use stays with the sign-in pages, which load first.
        codeSplitting: {
          groups: [
            { name: 'first', tags: ['$initial'], priority: 3 },
            { name: 'welcome', test: /web[\\/]features[\\/]auth[\\/]pages[\\/]/, priority: 2 },
            { name: 'signed-in', test: /web[\\/]shell[\\/]app-frame\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/apiv2': { target: apiTarget },
      '/agent': { target: apiTarget },
    },
  },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { webDistDir } from './server/web-dist-dir.ts';

// The API server the dev server forwards to (npm run dev starts both).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: webDistDir(),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/apiv2': { target: apiTarget },
      '/agent': { target: apiTarget },
    },
  },
});

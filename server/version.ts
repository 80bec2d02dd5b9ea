import { readFileSync } from 'node:fs';

/** The console's version, sent as X-App-Version; the web build carries the same value (vite.config.ts). */
export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

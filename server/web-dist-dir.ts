// Where `vite build` writes the web app and the server serves it from; WEB_DIST_DIR moves it.
import { fileURLToPath } from 'node:url';

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

export const webDistDir = (env: NodeJS.ProcessEnv = process.env) => env.WEB_DIST_DIR || DEFAULT_WEB_DIST_DIR;

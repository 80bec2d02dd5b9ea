// What the configuration feature offers the shell and the other features.
export { configKeys } from './api/keys.ts';

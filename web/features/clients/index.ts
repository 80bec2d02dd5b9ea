// What the clients feature offers the shell and the other features.
export { clientsKeys } from './api/keys.ts';

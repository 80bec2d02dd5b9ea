// What the reports feature offers the other features: its query keys.
export { reportKeys } from './api/keys.ts';

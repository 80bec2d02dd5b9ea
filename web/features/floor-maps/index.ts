// What the floor maps feature offers the other features: its query keys, for the live event stream.
export { floorMapKeys } from './api/keys.ts';

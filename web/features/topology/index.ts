// What the topology feature offers the other features: its query keys, for the live updates.
export { topologyKeys } from './api/keys.ts';

// What the account feature offers the shell and the other features.

export { accountKeys } from './api/keys.ts';
export { DateTime } from './date-time.tsx';
export type { UnitContextWithZone } from './use-unit-context.ts';
export { useFormatDateTime, useUnitContext } from './use-unit-context.ts';

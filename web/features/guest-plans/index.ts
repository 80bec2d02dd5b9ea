// What the service plans feature offers the other features: the plans to choose from.
export { usePlanChoices } from './api/plans.ts';

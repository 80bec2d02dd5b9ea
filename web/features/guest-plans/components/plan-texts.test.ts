// A plan's durations as people say them (docs/guest-access.md#service-plans): whole days, hours or minutes
// in one unit, anything else in the two largest.
import { expect, it } from 'vitest';
import { planDuration } from './plan-texts.ts';

it('says a duration in its one whole unit, else in two', () => {
  const units = { locale: 'en', measurementUnits: 'METRIC' } as const;
  expect(planDuration(2880, units)).toBe('2 days');
  expect(planDuration(60, units)).toBe('1 hour');
  expect(planDuration(45, units)).toBe('45 minutes');
  expect(planDuration(90, units)).toBe('1 hr 30 min');
});

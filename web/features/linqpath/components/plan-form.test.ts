import { describe, expect, it } from 'vitest';
import { emptyPlanForm, formOf, inputsOf, type PlanForm, readNumber } from './plan-form.ts';

const filled = (): PlanForm => {
  const form = emptyPlanForm({ a: 'North roof', b: 'South roof' });
  form.a.latitude = '37.7';
  form.a.longitude = '-122.4';
  form.b.latitude = '37,705';
  form.b.longitude = '-122.4';
  return form;
};

describe('the LinqPath form', () => {
  it('reads numbers with a decimal point or comma', () => {
    expect(readNumber(' 12.5 ')).toBe(12.5);
    expect(readNumber('12,5')).toBe(12.5);
    expect(readNumber('1e3')).toBeNull();
    expect(readNumber('')).toBeNull();
  });

  it('makes the plan inputs from a filled form and back', () => {
    const made = inputsOf({ ...filled(), terrainText: 'distance,height\n0,5\n300,8' });
    if (!('inputs' in made)) throw new Error('the form is filled');
    expect(made.inputs.b.latitude).toBe(37.705);
    expect(made.inputs.terrain).toEqual([
      [0, 5],
      [300, 8],
    ]);
    expect(inputsOf(formOf(made.inputs))).toEqual(made);
  });

  it('names each field that is missing or out of range, and the terrain line that is wrong', () => {
    const form = filled();
    form.a.latitude = '';
    form.b.heightM = '900';
    form.availability = '100';
    form.terrainText = '0,5\nabc';
    const made = inputsOf(form);
    expect(made).toEqual({
      errors: {
        a: { latitude: { key: 'required' } },
        b: { heightM: { key: 'range', min: 0, max: 500 } },
        availability: { key: 'range', min: 99, max: 99.999 },
        terrain: { error: 'line', line: 2 },
      },
    });
  });
});

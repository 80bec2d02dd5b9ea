// @vitest-environment node
// Examples derived from a body's schema for the OpenAPI document (docs/api.md#examples); that every body of
// the document has one its route accepts is checked in openapi.test.ts.
import { describe, expect, it } from 'vitest';
import { exampleOf } from './openapi-examples.ts';

describe('an example derived from a schema', () => {
  it("takes the schema's own example, constant, default or first choice", () => {
    expect(exampleOf({ type: 'string', examples: ['Kaunas'], default: 'x' })).toBe('Kaunas');
    expect(exampleOf({ const: 'ping' })).toBe('ping');
    expect(exampleOf({ type: 'integer', default: 50 })).toBe(50);
    expect(exampleOf({ type: 'string', enum: ['json', 'slack'] })).toBe('json');
  });

  it('builds the rest from the property name, type, format, pattern and bounds', () => {
    const schema = {
      type: 'object',
      required: ['mac', 'at', 'limit', 'tags', 'name', 'sample'],
      properties: {
        mac: { type: 'string', pattern: '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$' },
        at: { anyOf: [{ type: 'null' }, { type: 'string', format: 'date-time' }] },
        limit: { type: 'integer', minimum: 5, maximum: 100 },
        tags: { type: 'array', items: { enum: ['a', 'b', 'c'] }, minItems: 2, uniqueItems: true },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        sample: { type: 'array', items: [{ type: 'number' }, { type: 'boolean' }], additionalItems: false },
        optional: { type: 'boolean' },
      },
    };
    expect(exampleOf(schema)).toEqual({
      mac: '00:1A:2B:3C:4D:5E',
      at: '2027-03-01T09:00:00Z',
      limit: 5,
      tags: ['a', 'b'],
      name: 'Vilnius HQ',
      sample: [1, false],
    });
  });

  it('shows every field of a body that requires none, and one way of an object inside it that requires none', () => {
    const selection = {
      type: 'object',
      properties: {
        device_ids: { type: 'array', items: { type: 'integer', minimum: 1 } },
        filter: { type: 'object' },
      },
    };
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, enabled: { type: 'boolean' }, selection },
      additionalProperties: false,
      minProperties: 1,
    };
    expect(exampleOf(schema)).toEqual({ name: 'Vilnius HQ', enabled: false, selection: { device_ids: [1] } });
  });
});

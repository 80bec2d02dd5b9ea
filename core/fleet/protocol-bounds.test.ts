// Every message a device sends is bounded part by part (docs/agent-protocol.md, Sizes): a list by maxItems,
// a string by maxLength, so no field can carry more than the schema says whatever the body limit allows.
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { AdoptRequest, CommandsQuery, EventsRequest, HeartbeatRequest, TaskReport } from './protocol.ts';

/** Parts no schema can bound, bounded by bytes instead: a result's configuration (RESULT_TEXT_LIMIT). */
const BOUNDED_BY_BYTES = new Set(['TaskReport/result/config']);

type Node = {
  type?: string;
  anyOf?: Node[];
  items?: Node;
  properties?: Record<string, Node>;
  patternProperties?: Record<string, Node>;
  maxItems?: number;
  maxLength?: number;
  maxProperties?: number;
  enum?: unknown[];
  const?: unknown;
};

/** The paths of the parts that are not bounded. */
function unbounded(schema: Node, path: string): string[] {
  if (BOUNDED_BY_BYTES.has(path)) return [];
  const found: string[] = [];
  for (const option of schema.anyOf ?? []) found.push(...unbounded(option, path));
  if (schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined) {
    if (schema.const === undefined) found.push(path);
  }
  if (schema.type === 'array') {
    if (schema.maxItems === undefined) found.push(path);
    if (schema.items) found.push(...unbounded(schema.items, `${path}/*`));
  }
  for (const [name, part] of Object.entries(schema.properties ?? {})) {
    found.push(...unbounded(part, `${path}/${name}`));
  }
  if (schema.patternProperties && schema.maxProperties === undefined) found.push(path);
  return found;
}

describe('device messages', () => {
  it('bound every string by its length and every list by its count', () => {
    const messages: Record<string, TSchema> = {
      AdoptRequest,
      HeartbeatRequest,
      EventsRequest,
      TaskReport,
      CommandsQuery,
    };
    const found = Object.entries(messages).flatMap(([name, schema]) => unbounded(schema as Node, name));
    expect(found).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { AGENT_PROTOCOL_DOC, renderAgentProtocolDoc } from '../../scripts/agent-protocol-docs.ts';
import { validateConfig } from '../config/rules.ts';
import { isBandChannel } from './channels.ts';
import {
  AdoptedResponse,
  AdoptRequest,
  CommandsResponse,
  ConfigChangeParams,
  EventsRequest,
  EventsResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  PendingResponse,
  TaskReport,
} from './protocol.ts';
import * as examples from './protocol-examples.ts';

// The server's validator settings (server/validation.ts).
const ajv = addFormats.default(new Ajv({ allErrors: true, coerceTypes: false }));

describe('docs/agent-protocol.md', () => {
  it('shows examples the server accepts', () => {
    const heartbeats = [
      examples.accessPointHeartbeat,
      examples.switchHeartbeat,
      examples.pointToPointHeartbeat,
      examples.gatewayHeartbeat,
      examples.recorderHeartbeat,
    ];
    const cases: [unknown, object][] = [
      [AdoptRequest, examples.adoptRequest],
      [AdoptedResponse, examples.adoptedResponse],
      [PendingResponse, examples.pendingResponse],
      [HeartbeatResponse, examples.heartbeatResponse],
      [EventsRequest, examples.eventsRequest],
      [EventsResponse, examples.eventsResponse],
      [CommandsResponse, examples.commandsResponse],
      [ConfigChangeParams, examples.configChangeParams],
      ...Object.values(examples.taskReports).map((report): [unknown, object] => [TaskReport, report]),
      ...heartbeats.map((heartbeat): [unknown, object] => [HeartbeatRequest, heartbeat]),
    ];
    for (const [schema, example] of cases) {
      const validate = ajv.compile(schema as object);
      expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    }
    for (const radio of heartbeats.flatMap((heartbeat) => heartbeat.radios ?? [])) {
      expect(isBandChannel(radio.band, radio.channel)).toBe(true);
    }
  });

  it("sends a configuration change a whole, valid document with its canonical JSON's SHA-256", () => {
    const { config, hash } = examples.configChangeParams;
    expect(validateConfig('wifi6', config)).toEqual([]);
    // The console's canonical JSON: every object's keys in order, no spaces.
    const canonical = (value: unknown): string =>
      Array.isArray(value)
        ? `[${value.map(canonical).join(',')}]`
        : typeof value === 'object' && value !== null
          ? `{${Object.keys(value)
              .sort()
              .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
              .join(',')}}`
          : JSON.stringify(value);
    expect(createHash('sha256').update(canonical(config)).digest('hex')).toBe(hash);
    expect(examples.accessPointHeartbeat.config.appliedHash).toBe(hash);
  });

  it('is what the generator makes of the schemas now', () => {
    expect(readFileSync(AGENT_PROTOCOL_DOC, 'utf8')).toBe(renderAgentProtocolDoc());
  });
});

import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { AGENT_PROTOCOL_DOC, renderAgentProtocolDoc } from '../../scripts/agent-protocol-docs.ts';
import { isBandChannel } from './channels.ts';
import {
  AdoptedResponse,
  AdoptRequest,
  EventsRequest,
  EventsResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  PendingResponse,
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

  it('is what the generator makes of the schemas now', () => {
    expect(readFileSync(AGENT_PROTOCOL_DOC, 'utf8')).toBe(renderAgentProtocolDoc());
  });
});

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../domain.ts';
import { TASK_DEFINITIONS } from '../task-types.ts';
import { Command } from './protocol.ts';
import { tunnelMessages } from './protocol-examples.ts';
import {
  allowsService,
  bodyFrames,
  ConsoleTunnelMessage,
  DeviceTunnelMessage,
  readBodyFrame,
  TUNNEL_FRAME_BYTES,
  TunnelOpenParams,
} from './tunnel-protocol.ts';

// The server's validator settings (server/validation.ts).
const ajv = addFormats.default(new Ajv({ allErrors: true, coerceTypes: false }));

describe('the tunnel protocol (docs/agent-protocol.md, Tunnels)', () => {
  it('shows examples the two sides accept', () => {
    const examples = Object.entries(tunnelMessages);
    for (const [name, message] of examples) {
      const schema = name.startsWith('the command')
        ? Command
        : name.startsWith('console')
          ? ConsoleTunnelMessage
          : DeviceTunnelMessage;
      const validate = ajv.compile(schema);
      expect(validate(message), `${name} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const command = tunnelMessages['the command that asks for it'];
    expect(ajv.validate(TunnelOpenParams, command.params)).toBe(true);
    expect(command.timeoutS).toBe(TASK_DEFINITIONS.TASK_TUNNEL_OPEN.timeoutS);
    // A device never sends a request.
    expect(ajv.validate(DeviceTunnelMessage, tunnelMessages['console -> device: a request'])).toBe(false);
  });

  it('allows the web page on every family and media on smart NVRs only, nothing else', () => {
    for (const family of PRODUCT_TYPES) {
      expect(allowsService(family, 'web')).toBe(true);
      expect(allowsService(family, 'media')).toBe(family === 'smartnvr');
      expect(allowsService(family, 'ssh')).toBe(false);
    }
  });

  it('cuts a body into frames of at most 64 KiB, each naming its stream', () => {
    const body = new Uint8Array(TUNNEL_FRAME_BYTES * 2 + 5).map((_, n) => n % 251);
    const frames = [...bodyFrames(7, body)];
    expect(frames.map((frame) => frame.byteLength)).toEqual([
      4 + TUNNEL_FRAME_BYTES,
      4 + TUNNEL_FRAME_BYTES,
      4 + 5,
    ]);
    const read = frames.map((frame) => readBodyFrame(frame));
    expect(read.every((frame) => frame?.stream === 7)).toBe(true);
    expect(Buffer.concat(read.map((frame) => frame?.bytes ?? new Uint8Array()))).toEqual(Buffer.from(body));
    expect(readBodyFrame(new Uint8Array(3))).toBeNull();
    expect(readBodyFrame(new Uint8Array(TUNNEL_FRAME_BYTES + 5))).toBeNull();
  });
});

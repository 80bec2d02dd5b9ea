// The agent API as device firmware calls it.
import type { AgentEvent, HeartbeatRequest } from '../core/fleet/protocol.ts';
import type { DeviceIdentity } from './identity.ts';

export type AgentAnswer = { status: number; body: Record<string, unknown> };

export function agentClient(url: string) {
  async function post(path: string, body: object, credential?: string): Promise<AgentAnswer> {
    const response = await fetch(`${url}/agent/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(credential ? { authorization: `Bearer ${credential}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }
  return {
    adopt: (identity: DeviceIdentity, fw: string, mgmtdVersion: string) =>
      post('/adopt', {
        sn: identity.sn,
        mac: identity.mac,
        productBrandId: identity.productBrandId,
        fw,
        mgmtdVersion,
      }),
    heartbeat: (credential: string, heartbeat: HeartbeatRequest) => post('/heartbeat', heartbeat, credential),
    events: (credential: string, seq: number, events: AgentEvent[]) =>
      post('/events', { seq, events }, credential),
  };
}

export type AgentClient = ReturnType<typeof agentClient>;

// The agent API as device firmware calls it.
import type { AgentEvent, HeartbeatRequest, TaskReport } from '../core/fleet/protocol.ts';
import type { DeviceIdentity } from './identity.ts';

export type AgentAnswer = {
  status: number;
  body: Record<string, unknown>;
  /** Seconds the console asks the device to wait (Retry-After of a 429), when it says. */
  retryAfterS: number | null;
};

export function agentClient(url: string) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: object | undefined,
    credential?: string,
    signal?: AbortSignal,
  ): Promise<AgentAnswer> {
    const response = await fetch(`${url}/agent/v1${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(credential ? { authorization: `Bearer ${credential}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal,
    });
    const text = await response.text();
    const retryAfter = response.headers.get('retry-after');
    return {
      status: response.status,
      body: text ? JSON.parse(text) : {},
      retryAfterS: retryAfter === null || Number.isNaN(Number(retryAfter)) ? null : Number(retryAfter),
    };
  }
  const post = (path: string, body: object, credential?: string) => call('POST', path, body, credential);
  return {
    /** The console's address (its tunnel call is a WebSocket, sim/tunnel.ts). */
    url,
    /** Calling home, with the cloud's onboarding key when the device was given one. */
    adopt: (identity: DeviceIdentity, fw: string, mgmtdVersion: string) =>
      post('/adopt', {
        sn: identity.sn,
        mac: identity.mac,
        productBrandId: identity.productBrandId,
        fw,
        mgmtdVersion,
        ...(identity.onboardingKey ? { onboardingKey: identity.onboardingKey } : {}),
      }),
    heartbeat: (credential: string, heartbeat: HeartbeatRequest) => post('/heartbeat', heartbeat, credential),
    events: (credential: string, seq: number, events: AgentEvent[]) =>
      post('/events', { seq, events }, credential),
    /** The command channel: answers at once with waiting tasks, or after up to waitS seconds. */
    commands: (credential: string, waitS: number, signal: AbortSignal) =>
      call('GET', `/commands?waitS=${waitS}`, undefined, credential, signal),
    report: (credential: string, id: number, report: TaskReport) =>
      post(`/commands/${id}`, report, credential),
  };
}

export type AgentClient = ReturnType<typeof agentClient>;

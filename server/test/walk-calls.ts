// Working calls of the state-changing routes the access table (server/test/access-table.ts) does not list:
// the agent API, signing in and out, the mailed links (resets, email changes, sign-in links), tasks and a few member and window actions. With the
// table, they let the tests that walk every route (server/unknown-keys.test.ts, server/ill-formed-text.test.ts)
// send each route a body it accepts. Nothing here needs to succeed: those tests change one thing and expect
// a 400 before any handler runs.
import { accessPointHeartbeat, adoptRequest, eventsRequest } from '../../core/fleet/protocol-examples.ts';
import { adoptDevice, bearer, createFleetCloud } from '../fleet/test-fleet.ts';
import type { Call } from './access-rules.ts';
import type { TestApp } from './app.ts';
import { TEST_PASSWORD } from './factories.ts';
import type { RoleCloud } from './role-cloud.ts';

const token = 'A'.repeat(43);
const cloudUrl = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}${path}`;
const member: Call['rule'] = { kind: 'member' };
const open: Call['rule'] = { kind: 'public' };

const CONSOLE_CALLS: Call[] = [
  {
    method: 'POST',
    url: () => '/apiv2/auth/login',
    rule: open,
    body: () => ({ email: 'nobody@test.example', password: TEST_PASSWORD }),
  },
  { method: 'POST', url: () => '/apiv2/auth/logout', rule: { kind: 'signedIn' } },
  {
    method: 'POST',
    url: () => '/apiv2/auth/sso/discover',
    rule: open,
    body: () => ({ email: 'nobody@test.example' }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/auth/password-reset',
    rule: open,
    body: () => ({ email: 'nobody@test.example' }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/auth/password-reset/complete',
    rule: open,
    body: () => ({ token, password: 'amber lighthouse' }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/auth/email-change/confirm',
    rule: open,
    body: () => ({ token }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/auth/sign-in-link',
    rule: open,
    body: () => ({ email: 'nobody@test.example', password: TEST_PASSWORD }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/auth/sign-in-link/complete',
    rule: open,
    body: () => ({ token }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/invitations/accept',
    rule: open,
    body: () => ({ token, firstname: 'Ann', lastname: 'Lee', password: 'amber lighthouse' }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/guest-portal/login',
    rule: open,
    body: () => ({ nas: '192.0.2.250', mac: '02:00:00:00:00:01', method: 'voucher', code: 'TABLE-0001' }),
  },
  { method: 'POST', url: cloudUrl('/alert-mutes/1/end'), rule: member },
  {
    method: 'POST',
    url: cloudUrl('/tasks'),
    rule: member,
    body: (f) => ({
      type: 'TASK_REBOOT',
      targets: { device_ids: [f.devices.assignedDevice.id] },
      dry_run: true,
    }),
  },
  ...(['cancel', 'pause', 'resume'] as const).map(
    (action): Call => ({ method: 'POST', url: cloudUrl(`/tasks/1/${action}`), rule: member }),
  ),
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/users/${f.spareMembers?.[0] ?? 1}/transfer-ownership`,
    rule: { kind: 'owner' },
  },
];

/** A call of the agent API, as an adopted device (adoption itself needs none). */
export type AgentCall = { url: string; headers: Record<string, string>; body: () => Record<string, unknown> };

/**
 * The console calls above, and a cloud with an adopted access point with a call of every state-changing
 * agent route (docs/agent-protocol.md) as that device.
 */
export async function createWalkCalls(t: TestApp): Promise<{ console: Call[]; agent: AgentCall[] }> {
  const fleet = await createFleetCloud(t);
  const device = bearer(await adoptDevice(t, fleet.device));
  return {
    console: CONSOLE_CALLS,
    agent: [
      { url: '/agent/v1/adopt', headers: {}, body: () => ({ ...adoptRequest }) },
      { url: '/agent/v1/heartbeat', headers: device, body: () => ({ ...accessPointHeartbeat }) },
      { url: '/agent/v1/events', headers: device, body: () => ({ ...eventsRequest }) },
      // Validation comes before the command is looked for: a report on any id is a working body.
      {
        url: '/agent/v1/commands/1',
        headers: device,
        body: () => ({ state: 'success', result: { lines: ['64 bytes from 10.0.0.1'] } }),
      },
    ],
  };
}

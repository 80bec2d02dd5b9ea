// The access table's rows for webhooks (docs/webhooks.md#the-calls): every call needs manage_users;
// a made-up webhook is none (404). The receiver is a literal documentation address, so no name is resolved.
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

const managers: Rule = { kind: 'member', permission: 'manage_users' };
const missing: Rule = { ...managers, status: 404 };
const under = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}${path}`;
const MISSING = '2147483647';

const webhook = () => ({
  url: 'https://203.0.113.10/hooks/console',
  events: ['alert.raised'],
  secret: 'table-secret-0123456789',
});

export const WEBHOOK_CALLS: Call[] = [
  { method: 'GET', url: under('/webhooks'), rule: managers },
  { method: 'POST', url: under('/webhooks'), rule: managers, body: webhook },
  { method: 'PATCH', url: under(`/webhooks/${MISSING}`), rule: missing, body: () => ({ enabled: false }) },
  { method: 'DELETE', url: under(`/webhooks/${MISSING}`), rule: missing },
  { method: 'POST', url: under(`/webhooks/${MISSING}/test`), rule: missing },
  { method: 'GET', url: under(`/webhooks/${MISSING}/deliveries`), rule: missing },
];

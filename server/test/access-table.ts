// The access table of server/access.test.ts: every route and method with the rule that says who may call
// it; server/test/access-rules.ts says what each kind of caller gets by that rule. The rows are kept by area
// in access-table-<area>.ts, in this order (a row's spares and deletions count on the rows before it, and
// leaving the cloud comes last).

import { cloudUrl } from './access-rows.ts';
import type { Call } from './access-rules.ts';
import { ACCOUNT_CALLS } from './access-table-account.ts';
import { API_TOKEN_CALLS } from './access-table-api-tokens.ts';
import { CLOUD_CALLS } from './access-table-cloud.ts';
import { CONFIG_CALLS } from './access-table-config.ts';
import { DEVICE_CALLS } from './access-table-devices.ts';
import { GUEST_ACCOUNT_CALLS } from './access-table-guest-accounts.ts';
import { GUEST_CERTIFICATE_CALLS } from './access-table-guest-certificate.ts';
import { GUEST_PORTAL_CALLS } from './access-table-guest-portals.ts';
import { LINQPATH_CALLS } from './access-table-linqpath.ts';
import { MAP_CALLS } from './access-table-maps.ts';
import { MEMBER_CALLS } from './access-table-members.ts';
import { PLATFORM_CALLS } from './access-table-platform.ts';
import { REPORT_CALLS } from './access-table-reports.ts';
import { SINGLE_SIGN_ON_CALLS } from './access-table-single-sign-on.ts';
import { SITE_CALLS } from './access-table-sites.ts';
import { WEBHOOK_CALLS } from './access-table-webhooks.ts';

export { clientIds } from './access-rows.ts';

export const CALLS: Call[] = [
  ...CLOUD_CALLS,
  ...MEMBER_CALLS,
  ...DEVICE_CALLS,
  ...SITE_CALLS,
  ...CONFIG_CALLS,
  ...MAP_CALLS,
  ...GUEST_PORTAL_CALLS,
  ...GUEST_CERTIFICATE_CALLS,
  ...GUEST_ACCOUNT_CALLS,
  ...LINQPATH_CALLS,
  ...REPORT_CALLS,
  ...SINGLE_SIGN_ON_CALLS,
  ...API_TOKEN_CALLS,
  ...WEBHOOK_CALLS,
  ...ACCOUNT_CALLS,
  { method: 'GET', url: () => '/apiv2/blog-posts', rule: { kind: 'public' } },
  {
    method: 'POST',
    url: () => '/apiv2/error-reports',
    rule: { kind: 'public' },
    body: () => ({
      serviceContext: { service: 'web', version: '0.0.0-test' },
      context: {
        user: '',
        httpRequest: { userAgent: 'table', url: 'http://localhost/' },
        reportLocation: { filePath: 'app.js', lineNumber: 1, functionName: 'f' },
      },
      message: 'Error: table\n    at f (app.js:1:1)',
    }),
  },
  ...PLATFORM_CALLS,
];

// Last of all, whatever rows are added above: every member but the only Owner leaves the cloud, so no row
// after it could still be answered as a member. A cloud token is no member who could leave.
CALLS.push({ method: 'POST', url: cloudUrl('/leave'), rule: { kind: 'leave' }, person: true });

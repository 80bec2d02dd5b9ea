// The access table's rows for configuration (docs/configuration.md): each site's and its device's, read by
// those who hold view_config, changed by owners and administrators.
import { nextUnique } from './access-rows.ts';
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

export const CONFIG_CALLS: Call[] = [
  ...(['assigned', 'other'] as const).flatMap((site): Call[] => {
    const siteConfig =
      (path = '') =>
      (f: RoleCloud) =>
        `/apiv2/cloud/${f.cloud.id}/sites/${f.sites[site].id}/config${path}`;
    const deviceConfig =
      (path = '') =>
      (f: RoleCloud) =>
        `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/config${path}`;
    const read: Rule = { kind: 'configRead', site };
    const change: Rule = { kind: 'siteAction', site };
    return [
      { method: 'GET', url: siteConfig(), rule: read },
      { method: 'GET', url: siteConfig('/diff'), rule: read },
      { method: 'GET', url: siteConfig('/revisions'), rule: read },
      { method: 'GET', url: siteConfig('/devices'), rule: read },
      {
        method: 'PUT',
        url: siteConfig(),
        rule: change,
        body: () => ({ variables: { suffix: `${nextUnique()}` } }),
      },
      { method: 'POST', url: siteConfig('/apply'), rule: change, body: () => ({ dryRun: true }) },
      {
        method: 'POST',
        url: (f) => siteConfig(`/revisions/${f.configRevisions[site]}/rollback`)(f),
        rule: change,
        body: () => ({ dryRun: true }),
      },
      { method: 'GET', url: deviceConfig(), rule: read },
      { method: 'PUT', url: deviceConfig(), rule: change, body: () => ({ variables: { suffix: 'a' } }) },
      { method: 'POST', url: deviceConfig('/apply'), rule: change, body: () => ({ dryRun: true }) },
      { method: 'GET', url: deviceConfig('/revisions'), rule: read },
      {
        method: 'POST',
        url: (f) => deviceConfig(`/revisions/${f.deviceConfigRevisions[site]}/rollback`)(f),
        rule: change,
        body: () => ({}),
      },
      // Nothing to settle: the device has sent no running configuration.
      {
        method: 'POST',
        url: deviceConfig('/sync'),
        rule: { kind: 'siteAction', site, status: 409 },
        body: () => ({ keep: 'console' }),
      },
    ];
  }),
];

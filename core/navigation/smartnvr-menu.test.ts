import { describe, expect, it } from 'vitest';
import { ALL_CLOUD_PERMISSIONS, ROLES } from '../domain.ts';
import { MissingNavValueError } from './errors.ts';
import { smartNvrMenu } from './smartnvr-menu.ts';
import { access, navContext } from './test-context.ts';

describe('smart NVR menu (docs/navigation.md#navigation-drawer)', () => {
  it('gives an owner every entry with its link', () => {
    expect(smartNvrMenu(navContext()).map(({ key, labelKey, href }) => [key, labelKey, href])).toEqual([
      ['dashboard', 'nav.common.dashboard', '/smartnvr/70/dashboard'],
      ['ip-cameras', 'nav.smartnvr.ipCameras', '/v2/cloud/3/smartnvr/70/ipcams'],
      ['streaming', 'nav.smartnvr.streaming', '/v2/cloud/3/smartnvr/70/streaming'],
      ['tunnels', 'nav.smartnvr.tunnels', '/v2/cloud/3/smartnvr/70/tunnels'],
      ['activity', 'nav.common.activity', '/smartnvr/70/activity'],
    ]);
  });

  it.each(ROLES.map((role) => [role, role === 'ROLE_OWNER' || role === 'ROLE_ADMIN'] as const))(
    'shows Tunnel Management to %s: %s',
    (role, shown) => {
      const keys = smartNvrMenu(navContext({ access: access(role, ALL_CLOUD_PERMISSIONS) })).map(
        (e) => e.key,
      );
      expect(keys).toEqual(
        shown
          ? ['dashboard', 'ip-cameras', 'streaming', 'tunnels', 'activity']
          : ['dashboard', 'ip-cameras', 'streaming', 'activity'],
      );
    },
  );

  it.each(['cloudId', 'smartNvrId'] as const)('needs %s', (name) => {
    expect(() => smartNvrMenu(navContext({ params: { [name]: undefined } }))).toThrow(MissingNavValueError);
  });
});

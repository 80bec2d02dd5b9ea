import { describe, expect, it } from 'vitest';
import { isSecretPath, keepMaskedSecrets, maskSecrets, SECRET_MASK } from './secrets.ts';
import { changesBetween, type Json } from './tree.ts';

const stored = {
  general_locale: { admin_password: 'correct horse', snmp: { community: 'private' }, time_zone: 'UTC' },
  wifi6_wireless: {
    wlans: [
      { id: 'staff', passphrase: 'staff passphrase', radius_servers: [] },
      { id: 'open', passphrase: null, radius_servers: [{ host: 'radius.example', secret: 'shh' }] },
    ],
  },
};

describe('secrets', () => {
  it('reads the mask in place of every secret that has a value', () => {
    const masked = maskSecrets(stored);
    expect(masked).toEqual({
      general_locale: { admin_password: SECRET_MASK, snmp: { community: SECRET_MASK }, time_zone: 'UTC' },
      wifi6_wireless: {
        wlans: [
          { id: 'staff', passphrase: SECRET_MASK, radius_servers: [] },
          { id: 'open', passphrase: null, radius_servers: [{ host: 'radius.example', secret: SECRET_MASK }] },
        ],
      },
    });
    expect(JSON.stringify(masked)).not.toMatch(/correct horse|private|staff passphrase|shh/);
  });

  it('keeps the stored secret where the masked one comes back, and takes a new one', () => {
    const [staff, open] = stored.wifi6_wireless.wlans;
    const masked = (maskSecrets(stored) as typeof stored).wifi6_wireless.wlans;
    // The list comes back in another order, with a new passphrase for one WLAN.
    const edited = {
      ...(maskSecrets(stored) as typeof stored),
      wifi6_wireless: { wlans: [masked[1], { ...masked[0], passphrase: 'a new one' }] },
    } as Json;
    expect(keepMaskedSecrets(edited, stored)).toEqual({
      ...stored,
      wifi6_wireless: { wlans: [open, { ...staff, passphrase: 'a new one' }] },
    });
  });

  it('knows a secret leaf by its path, so diffs can be masked', () => {
    const changes = changesBetween(stored, {
      ...stored,
      general_locale: { ...stored.general_locale, admin_password: 'x' },
    });
    expect(changes.map((change) => [change.path, isSecretPath(change.path)])).toEqual([
      ['general_locale/admin_password', true],
    ]);
    expect(isSecretPath('general_locale/time_zone')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { substitute } from './variables.ts';

describe('variables in a document', () => {
  const document = {
    general_locale: { ntp_servers: ['{{ntp}}', 'pool.ntp.org'] },
    wifi6_wireless: { wlans: [{ id: 'guest', ssid: 'Guest {{ ssid_suffix }}', vlan_id: 20 }] },
  };

  it('puts each value in place, wherever the text is', () => {
    expect(substitute(document, { ntp: 'ntp.site.example', ssid_suffix: 'Lobby' })).toEqual({
      document: {
        general_locale: { ntp_servers: ['ntp.site.example', 'pool.ntp.org'] },
        wifi6_wireless: { wlans: [{ id: 'guest', ssid: 'Guest Lobby', vlan_id: 20 }] },
      },
      problems: [],
    });
  });

  it('names each use of a variable without a value, by the leaf that uses it', () => {
    const { problems } = substitute(document, { ntp: 'ntp.site.example', toString: 'not a variable' });
    expect(problems).toEqual([
      { path: 'wifi6_wireless/wlans/guest/ssid', rule: 'variableMissing', params: { name: 'ssid_suffix' } },
    ]);
  });
});

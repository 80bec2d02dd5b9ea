import { describe, expect, it } from 'vitest';
import { cabledPorts, isRemoteEnd, joinWiring, lldpOf, type WiredDevice } from './lldp.ts';
import type { Place } from './places.ts';

const device = (mac: string, type: string, ports = 0, wanPorts = 0): WiredDevice => ({
  mac,
  type,
  name: `sim-${mac.slice(-2)}`,
  ports,
  wanPorts,
});

describe('the cabling of a place', () => {
  it('cables switches to the gateway, the rest to switch ports, and both ends list each other', () => {
    const place: Place = { aps: [], clients: new Map() };
    const gateway = device('02:00:00:00:00:01', 'gateway', 3, 1);
    const core = device('02:00:00:00:00:02', 'switch', 4);
    const access = device('02:00:00:00:00:03', 'switch', 4);
    const edge = device('02:00:00:00:00:04', 'switch', 8);
    const aps = ['05', '06', '07'].map((last) => device(`02:00:00:00:00:${last}`, 'wifi'));
    for (const one of [...aps, edge, access, gateway, core]) joinWiring(place, one);
    // The gateway's two LAN ports take two switches; the third hangs off the first switch.
    expect(lldpOf(place, gateway.mac)).toEqual([
      { localPort: '2', chassisId: core.mac, portId: '4', systemName: 'sim-02' },
      { localPort: '3', chassisId: access.mac, portId: '4', systemName: 'sim-03' },
    ]);
    expect(lldpOf(place, edge.mac)[0]).toEqual({
      localPort: '8',
      chassisId: core.mac,
      portId: '1',
      systemName: 'sim-02',
    });
    // Access points in turn on the switches' free ports, each seen from both ends.
    for (const ap of aps) {
      const [upstream] = lldpOf(place, ap.mac);
      expect(upstream?.localPort).toBe('eth0');
      const back = lldpOf(place, upstream?.chassisId ?? '').find(
        (neighbour) => neighbour.chassisId === ap.mac,
      );
      expect(back).toMatchObject({ localPort: upstream?.portId, portId: 'eth0' });
    }
    expect(cabledPorts(place, core.mac)).toEqual(new Set([1, 2, 4]));
  });

  it('leaves the far ends of radio links uncabled', () => {
    expect(isRemoteEnd('subscriber', '02:00:00:00:00:09', [])).toBe(true);
    expect(isRemoteEnd('ptp', '02:00:00:00:00:09', [{ mac: '02:00:00:00:00:08' }])).toBe(true);
    expect(isRemoteEnd('ptp', '02:00:00:00:00:08', [{ mac: '02:00:00:00:00:09' }])).toBe(false);
    expect(isRemoteEnd('base', '02:00:00:00:00:08', [{ mac: '02:00:00:00:00:01' }])).toBe(false);
  });
});

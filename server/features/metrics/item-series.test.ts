// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { itemSeries, rangeTimes } from './item-series.ts';

const HOUR = 3_600_000;

describe('rangeTimes', () => {
  it('is every hour of the last 24 hours or 7 days, and every UTC day of the last 30', () => {
    const now = new Date('2026-11-20T10:25:00Z');
    const day = rangeTimes('24h', now);
    expect(day).toHaveLength(24);
    expect([day[0], day.at(-1)]).toEqual(['2026-11-19T11:00:00Z', '2026-11-20T10:00:00Z']);
    expect(rangeTimes('7d', now)).toHaveLength(168);
    const month = rangeTimes('30d', now);
    expect([month.length, month[0], month.at(-1)]).toEqual([
      31,
      '2026-10-21T00:00:00Z',
      '2026-11-20T00:00:00Z',
    ]);
  });
});

describe('itemSeries', () => {
  const times = ['2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z'];

  it('turns counts into rates over the seconds of their hour, with a gap where an item was not reported', () => {
    const families = itemSeries(
      [
        {
          at: times[0] as string,
          seconds: 3600,
          items: { port: { '10': { rx: 450_000_000, tx: 0, errors: 30, poe: 7.5 } } },
        },
        // The hour now falls in, 15 minutes of it counted.
        {
          at: times[2] as string,
          seconds: 900,
          items: {
            port: {
              '2': { rx: 0, tx: 9_000_000, errors: 0, poe: 0 },
              '10': { rx: 112_500_000, tx: 0, errors: 3, poe: 7 },
            },
          },
        },
      ],
      times,
    );
    expect(families.port).toEqual([
      {
        key: '2',
        name: null,
        rx_rate: [null, null, 0],
        tx_rate: [null, null, 80_000],
        error_rate: [null, null, 0],
        poe_w: [null, null, 0],
      },
      {
        key: '10',
        name: null,
        rx_rate: [1_000_000, null, 1_000_000],
        tx_rate: [0, null, 0],
        error_rate: [0.5, null, 0.2],
        poe_w: [7.5, null, 7],
      },
    ]);
    expect(families.radio).toEqual([]);
  });

  it("shows shares of the time as percentages, keeps a camera's latest name and orders radios by band", () => {
    const families = itemSeries(
      [
        {
          at: times[1] as string,
          seconds: HOUR / 1000,
          items: {
            radio: { '6': { rx: 0, tx: 0 }, '2.4': { rx: 0, tx: 0 }, '5': { rx: 0, tx: 0 } },
            wan: { wan1: { rx: 0, tx: 0, up: 0.75 } },
            camera: { 'cam-1': { name: 'Gate', kbps: 2000, streaming: 0.5 } },
          },
        },
        {
          at: times[2] as string,
          seconds: 60,
          items: { camera: { 'cam-1': { name: 'Front gate', kbps: 1000, streaming: 1 } } },
        },
        // A row outside the range's times is not drawn.
        {
          at: '2026-11-20T07:00:00Z',
          seconds: 3600,
          items: { camera: { 'cam-9': { name: 'Old', kbps: 1, streaming: 1 } } },
        },
      ],
      times,
    );
    expect(families.radio.map((radio) => radio.key)).toEqual(['2.4', '5', '6']);
    expect(families.wan[0]?.availability).toEqual([null, 75, null]);
    expect(families.camera).toEqual([
      { key: 'cam-1', name: 'Front gate', bitrate_kbps: [null, 2000, 1000], streaming: [null, 50, 100] },
    ]);
  });
});

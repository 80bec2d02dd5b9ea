// @vitest-environment happy-dom
// docs/configuration.md#progress Site Configuration's "Devices": where each device stands with the console's
// document, counted per state, each count a filter, by kind, paged, and asked again after a rollback.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeviceApplyState, SiteConfigDevices } from '../../../../core/api/config.ts';
import type { FakeRequest } from '../../../test-utils/fake-fetch.ts';
import {
  configDevices,
  configRevision,
  installConfigServer,
  renderConfigPage,
  SITE_PATH,
  setUpConfigTests,
  siteConfig,
} from '../test-config.tsx';
import { SiteConfigPage } from './site-config-page.tsx';

type Row = SiteConfigDevices['devices'][number];

const DEVICES_PATH = `${SITE_PATH}/devices`;
const COUNTS = { applied: 3, pending: 1, failed: 1, skipped: 1, not_sent: 0 };

const row = (device_id: number, name: string, state: DeviceApplyState, fields: Partial<Row> = {}): Row => ({
  device_id,
  name,
  config_type: 'wifi6',
  state,
  skip_reason: null,
  error: null,
  task_id: 91,
  updated_at: '2026-11-25T10:00:00.000Z',
  ...fields,
});

const ROWS: Row[] = [
  row(11, 'Lobby AP', 'applied'),
  row(12, 'Dock AP', 'skipped', { skip_reason: 'offline', task_id: null, updated_at: null }),
  row(13, 'Bar AP', 'failed', { error: 'Channel 165 refused by the radio' }),
  row(14, 'Pool AP', 'pending', { task_id: 92 }),
  row(21, 'Core switch', 'applied', { config_type: 'switch' }),
  row(22, 'Edge switch', 'applied', { config_type: 'switch' }),
];

/** The site's devices as the server filters them: by kind and state, the counts over the kind asked for. */
function answerDevices(request: FakeRequest): SiteConfigDevices {
  const type = request.query.get('config_type');
  const state = request.query.get('state');
  const ofType = ROWS.filter((one) => type === null || one.config_type === type);
  const counts = { ...COUNTS };
  if (type !== null)
    for (const key of Object.keys(counts) as DeviceApplyState[])
      counts[key] = ofType.filter((one) => one.state === key).length;
  const matching = ofType.filter((one) => state === null || one.state === state);
  return configDevices({ counts, total: matching.length, devices: matching });
}

const devicesRequests = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === DEVICES_PATH && request.method === 'GET');
const open = () => renderConfigPage('siteConfig', SiteConfigPage, '/site/7/config');
const devicesSection = () => screen.findByRole('region', { name: 'Devices' });

setUpConfigTests(1440);

describe("Site Configuration's devices", () => {
  it('counts the devices per state and lists each with its kind, state, reason, task and time', async () => {
    installConfigServer((request) => {
      if (request.path === DEVICES_PATH) return answerDevices(request);
      return request.path === SITE_PATH ? siteConfig() : undefined;
    });
    open();
    const section = await devicesSection();
    const filter = await within(section).findByRole('group', { name: 'Filter by state' });
    const chips = await within(filter).findAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'All: 6',
      'Applied: 3',
      'Pending: 1',
      'Failed: 1',
      'Skipped: 1',
      'Not sent: 0',
    ]);
    expect(within(filter).getByRole('button', { name: 'All: 6' })).toHaveAttribute('aria-pressed', 'true');

    const table = within(section).getByRole('table', { name: 'Devices' });
    const rows = within(table).getAllByRole('row');
    const cells = (one: HTMLElement) =>
      within(one)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const time = '2026-11-25 10:00';
    expect(rows.slice(1).map(cells)).toEqual([
      ['Lobby AP', 'Wi-Fi 6 Wireless', 'Applied', '', 'Task 91', time],
      ['Dock AP', 'Wi-Fi 6 Wireless', 'Skipped', 'offline', '', ''],
      ['Bar AP', 'Wi-Fi 6 Wireless', 'Failed', 'Channel 165 refused by the radio', 'Task 91', time],
      ['Pool AP', 'Wi-Fi 6 Wireless', 'Pending', '', 'Task 92', time],
      ['Core switch', 'Switch Security', 'Applied', '', 'Task 91', time],
      ['Edge switch', 'Switch Security', 'Applied', '', 'Task 91', time],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Kind', 'State', 'Reason', 'Task', 'Updated']);
    expect(within(table).getByRole('link', { name: 'Bar AP' })).toHaveAttribute(
      'href',
      '/site/7/device/13/config',
    );
    // A finished task is found among the finished ones, a task under way among those under way.
    const applied = rows[1] as HTMLElement;
    const pending = rows[4] as HTMLElement;
    expect(within(applied).getByRole('link', { name: 'Task 91' })).toHaveAttribute(
      'href',
      '/cloud/3/activity?status=SUCCESS%2BFAIL%2BTIMEOUT&id=91',
    );
    expect(within(pending).getByRole('link', { name: 'Task 92' })).toHaveAttribute(
      'href',
      '/cloud/3/activity?status=RUNNING%2BPENDING&id=92',
    );
  });

  it('filters by a state chip and by kind, each from the first page, and back to every state', async () => {
    const requests = installConfigServer((request) => {
      if (request.path === DEVICES_PATH) return answerDevices(request);
      return request.path === SITE_PATH ? siteConfig() : undefined;
    });
    open();
    const section = await devicesSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Failed: 1' }));
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Failed: 1' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    const table = within(section).getByRole('table', { name: 'Devices' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Bar AP');
    expect(devicesRequests(requests).at(-1)?.query.toString()).toMatch(/^state=failed&limit=50&offset=0/);

    // The site holds access points and switches (its gateway is not shown without SD-WAN): a kind filter.
    const kind = within(section).getByRole('combobox', { name: 'Kind' });
    expect([...kind.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All kinds',
      'Wi-Fi 6 Wireless',
      'Switch Security',
    ]);
    fireEvent.change(kind, { target: { value: 'switch' } });
    expect(await within(section).findByRole('button', { name: 'Applied: 2' })).toBeInTheDocument();
    const asked = devicesRequests(requests).at(-1)?.query;
    expect([asked?.get('config_type'), asked?.get('state'), asked?.get('offset')]).toEqual([
      'switch',
      'failed',
      '0',
    ]);
    expect(await within(section).findByText('No devices in this state.')).toBeInTheDocument();

    fireEvent.click(within(section).getByRole('button', { name: 'All: 2' }));
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('row')
          .map((one) => one.textContent?.slice(0, 11)),
      ).toEqual(['NameKindSta', 'Core switch', 'Edge switch']),
    );
    expect(devicesRequests(requests).at(-1)?.query.has('state')).toBe(false);
  });

  it('pages the devices', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      row(100 + index, `AP ${String(index + 1).padStart(2, '0')}`, 'applied'),
    );
    const requests = installConfigServer((request) => {
      if (request.path === DEVICES_PATH) {
        const offset = Number(request.query.get('offset'));
        const limit = Number(request.query.get('limit'));
        return configDevices({
          counts: { ...configDevices().counts, applied: 60 },
          total: 60,
          devices: many.slice(offset, offset + limit),
        });
      }
      return request.path === SITE_PATH ? siteConfig() : undefined;
    });
    open();
    const section = await devicesSection();
    expect(await within(section).findByText('1–50 of 60')).toBeInTheDocument();
    expect(within(section).getAllByRole('row')).toHaveLength(51);
    fireEvent.click(within(section).getByRole('button', { name: 'Next page' }));
    expect(await within(section).findByText('51–60 of 60')).toBeInTheDocument();
    expect(within(section).getAllByRole('row')[1]).toHaveTextContent('AP 51');
    expect(within(section).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(devicesRequests(requests).at(-1)?.query.get('offset')).toBe('50');
  });

  it('says calmly that there is nothing to show, without an error', async () => {
    installConfigServer((request) => (request.path === SITE_PATH ? siteConfig() : undefined));
    open();
    const section = await devicesSection();
    expect(await within(section).findByText('No devices to show yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks again where the devices stand once a rollback is started', async () => {
    const requests = installConfigServer((request) => {
      if (request.path === DEVICES_PATH) return answerDevices(request);
      if (request.path === `${SITE_PATH}/revisions`)
        return {
          revisions: [configRevision(12)],
          total: 1,
        };
      if (request.path === `${SITE_PATH}/revisions/12/rollback`)
        return { dry_run: false, revision_ids: [13], task_ids: [93], batches: [], skipped: [] };
      return request.path === SITE_PATH ? siteConfig() : undefined;
    });
    open();
    const history = await screen.findByRole('region', { name: 'Revision history' });
    expect(await within(await devicesSection()).findByRole('button', { name: 'All: 6' })).toBeInTheDocument();
    const asked = devicesRequests(requests).length;
    fireEvent.click(await within(history).findByRole('button', { name: 'Roll back' }));
    const confirm = await screen.findByRole('dialog', { name: 'Roll back to revision 12?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Rollback started. Tasks created: 1.')).toBeInTheDocument();
    await waitFor(() => expect(devicesRequests(requests).length).toBeGreaterThan(asked));
  });
});

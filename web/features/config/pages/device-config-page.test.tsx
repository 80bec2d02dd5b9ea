// @vitest-environment happy-dom
// docs/configuration.md#inheritance Device Configuration: the effective document with each field marked as
// the site's or the device's, an override given back to the site, a drift settled, a suspension lifted.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeviceConfig } from '../../../../core/api/config.ts';
import { leaves, type Origin } from '../../../../core/config/tree.ts';
import {
  changesOf,
  DEVICE_PATH,
  deviceConfig,
  installConfigServer,
  renderConfigPage,
  setUpConfigTests,
  wifi6Document,
} from '../test-config.tsx';
import { DeviceConfigPage } from './device-config-page.tsx';

const SSID = 'wifi6_wireless/wlans/guest/ssid';

/** The effective Wi-Fi 6 document with the guest SSID the device's own. */
function withOverride(): DeviceConfig {
  const effective = wifi6Document();
  const wlan = effective.wifi6_wireless.wlans[0];
  if (wlan) wlan.ssid = 'Lobby Guest';
  const origins: Record<string, Origin> = {};
  for (const path of leaves(effective).keys()) origins[path] = path === SSID ? 'device' : 'site';
  return deviceConfig({
    effective,
    origins,
    overrides: { wifi6_wireless: { wlans: [{ id: 'guest', ssid: 'Lobby Guest' }] } },
  });
}

const open = () => renderConfigPage('deviceConfig', DeviceConfigPage, '/site/7/device/11/config');

setUpConfigTests(375);

describe('Device Configuration page', () => {
  it("marks each field as the site's or the device's, and gives an override back to the site", async () => {
    const reverted = deviceConfig({
      origins: Object.fromEntries([...leaves(wifi6Document()).keys()].map((path) => [path, 'site'])),
    });
    const requests = installConfigServer((request) => {
      if (request.path !== DEVICE_PATH) return undefined;
      return request.method === 'PUT' ? reverted : withOverride();
    });
    open();
    const guest = await screen.findByRole('group', { name: 'guest' });
    expect(screen.getByRole('heading', { level: 1, name: 'Device Configuration' })).toBeInTheDocument();
    expect(within(guest).getByRole('textbox', { name: 'SSID' })).toHaveValue('Lobby Guest');
    expect(screen.getAllByText('Device override')).toHaveLength(1);
    expect(screen.getAllByText('Inherited from site').length).toBeGreaterThan(10);
    // Nothing in General and locale is the device's own: it is folded.
    expect(screen.getByRole('button', { name: 'General and locale' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByText('The device runs the configuration the console sent.')).toBeInTheDocument();
    fireEvent.click(within(guest).getByRole('button', { name: 'Revert to site (SSID)' }));
    await waitFor(() => expect(changesOf(requests)).toHaveLength(1));
    expect(changesOf(requests)).toEqual([{ method: 'PUT', path: DEVICE_PATH, body: { revert: [SSID] } }]);
    expect(await screen.findByText("The site's value is back.")).toBeInTheDocument();
    expect(screen.queryByText('Device override')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'guest' })).getByRole('textbox', { name: 'SSID' }),
    ).toHaveValue('Harbour Guest');
  });

  it('folds General and locale unless the device overrides something in it', async () => {
    const overridden = withOverride();
    const ntp = 'general_locale/ntp_servers';
    installConfigServer((request) =>
      request.path === DEVICE_PATH
        ? deviceConfig({ ...overridden, origins: { ...overridden.origins, [ntp]: 'device' } })
        : undefined,
    );
    open();
    const general = await screen.findByRole('button', { name: 'General and locale' });
    expect(general).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Revert to site (NTP servers)' })).toBeInTheDocument();
    expect(screen.getAllByText('Device override')).toHaveLength(2);
  });

  it("settles a drift by taking the device's settings, or keeping the console's", async () => {
    const drifted = deviceConfig({
      console_hash: 'a1b2c3d4e5f6a7b8',
      applied_hash: 'ffff0000eeee1111',
      drift: {
        changes: [{ path: 'wifi6_wireless/radios/5/channel', before: 36, after: 44 }],
        received_at: '2026-11-25T10:00:00.000Z',
      },
    });
    const requests = installConfigServer((request) => {
      if (request.path === `${DEVICE_PATH}/sync`) return deviceConfig();
      return request.path === DEVICE_PATH ? drifted : undefined;
    });
    open();
    const table = await screen.findByRole('table', { name: 'Changed on the device' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Wi-Fi 6 wireless › Radios › 5 GHz › Channel3644',
    );
    expect(
      screen.getByText('The device does not run the configuration the console sent.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Keep the console's" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "Take the device's" }));
    await waitFor(() => expect(changesOf(requests)).toHaveLength(1));
    expect(changesOf(requests)).toEqual([
      { method: 'POST', path: `${DEVICE_PATH}/sync`, body: { keep: 'device' } },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Changed on the device' })).not.toBeInTheDocument(),
    );
  });

  it('says why configuration is suspended and resumes it; applies a draft', async () => {
    const requests = installConfigServer((request) => {
      if (request.path === `${DEVICE_PATH}/apply`)
        return { dry_run: false, revision_ids: [7], task_ids: [92], batches: [], skipped: [] };
      if (request.path === DEVICE_PATH && request.method === 'PUT') return deviceConfig({ has_draft: true });
      return request.path === DEVICE_PATH
        ? deviceConfig({
            suspend_config: true,
            suspend_reason: 'Firmware downgraded to 7.1.0',
            has_draft: true,
          })
        : undefined;
    });
    open();
    expect(await screen.findByText(/Reason: Firmware downgraded to 7.1.0/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resume configuration' }));
    await waitFor(() => expect(screen.queryByText(/Reason: Firmware downgraded/)).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Apply to the device' }));
    expect(await screen.findByText('The configuration is on its way to the device.')).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([
      { method: 'PUT', path: DEVICE_PATH, body: { suspend_config: false } },
      { method: 'POST', path: `${DEVICE_PATH}/apply`, body: {} },
    ]);
  });

  it('switches the device to a document of its own, which has no site values to mark', async () => {
    const requests = installConfigServer((request) => {
      if (request.path !== DEVICE_PATH) return undefined;
      return request.method === 'PUT' ? deviceConfig({ inherit: false }) : withOverride();
    });
    open();
    const inherit = await screen.findByRole('switch', { name: "Take the site's configuration" });
    expect(inherit).toBeChecked();
    fireEvent.click(inherit);
    await waitFor(() => expect(changesOf(requests)).toHaveLength(1));
    expect(changesOf(requests)).toEqual([{ method: 'PUT', path: DEVICE_PATH, body: { inherit: false } }]);
    await waitFor(() => expect(screen.queryByText('Inherited from site')).not.toBeInTheDocument());
    expect(screen.getByText('Standalone: the device keeps a document of its own.')).toBeInTheDocument();
  });
});

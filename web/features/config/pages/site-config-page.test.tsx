// @vitest-environment happy-dom
// docs/configuration.md, docs/navigation.md#site-menu Site Configuration: a section per kind the site holds
// under the menu's anchors, drafts edited and checked in place, reviewed and applied, and nothing to change
// for whoever may only look.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../../../core/api/config.ts';
import { SECRET_MASK } from '../../../../core/config/secrets.ts';
import {
  changesOf,
  installConfigServer,
  renderConfigPage,
  SITE_PATH,
  setUpConfigTests,
  siteConfig,
  wifi6Document,
} from '../test-config.tsx';
import { SiteConfigPage } from './site-config-page.tsx';

const open = (hash = '') => renderConfigPage('siteConfig', SiteConfigPage, `/site/7/config${hash}`);
const section = (name: string) => screen.getByRole('region', { name });
const revisions = { revisions: [], total: 0 };

setUpConfigTests(1440);

describe('Site Configuration page', () => {
  it('draws a section per kind the site holds, in the order of the menu anchors, without SD-WAN unless enabled', async () => {
    installConfigServer((request) =>
      request.path === SITE_PATH ? siteConfig() : request.path.endsWith('/revisions') ? revisions : undefined,
    );
    open('#switch-security');
    expect(await screen.findByRole('heading', { level: 2, name: 'Wi-Fi 6 Wireless' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Site Configuration' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Wi-Fi 6 Wireless',
      'Switch Security',
      'Devices',
      'Variables',
      'Revision history',
    ]);
    // Each kind's anchor is on its own section, so it lands past the General and locale before it.
    expect(
      within(section('Wi-Fi 6 Wireless')).getByRole('group', { name: 'Wi-Fi 6 wireless' }),
    ).toHaveAttribute('id', 'wifi6-wireless');
    expect(
      within(section('Switch Security')).getByRole('group', { name: 'Switch security' }),
    ).toHaveAttribute('id', 'switch-security');
    // Each kind's General and locale is folded; it is anchored once, in the first kind's document.
    for (const kind of ['Wi-Fi 6 Wireless', 'Switch Security']) {
      expect(within(section(kind)).getByRole('button', { name: 'General and locale' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(
        within(section(kind)).queryByRole('group', { name: 'General and locale' }),
      ).not.toBeInTheDocument();
    }
    expect(document.getElementById('general-locale')).toContainElement(
      within(section('Wi-Fi 6 Wireless')).getByRole('button', { name: 'General and locale' }),
    );
    expect(document.getElementById('sdwan-group')).toBeNull();
    expect(
      within(section('Wi-Fi 6 Wireless')).getByText('Devices of this kind on the site: 5'),
    ).toBeInTheDocument();
    const guest = within(section('Wi-Fi 6 Wireless')).getByRole('group', { name: 'guest' });
    expect(within(guest).getByRole('textbox', { name: 'SSID' })).toHaveValue('Harbour Guest');
    expect(within(guest).getByRole('combobox', { name: 'Security' })).toHaveDisplayValue('WPA2-PSK');
    expect(within(guest).getByRole('checkbox', { name: '5 GHz' })).toBeChecked();
    expect(within(section('Variables')).getByRole('textbox', { name: 'Name' })).toHaveValue('ssid_suffix');
  });

  it('shows SD-WAN Group when the site has SD-WAN', async () => {
    installConfigServer((request) =>
      request.path === SITE_PATH
        ? siteConfig({ sdwan_enabled: true })
        : request.path.endsWith('/revisions')
          ? revisions
          : undefined,
    );
    open();
    const sdwan = await screen.findByRole('region', { name: 'SD-WAN Group' });
    expect(within(sdwan).getByRole('group', { name: 'SD-WAN group' })).toHaveAttribute('id', 'sdwan-group');
  });

  it("unfolds the first kind's General and locale when the address names it, and any on a click", async () => {
    installConfigServer((request) =>
      request.path === SITE_PATH ? siteConfig() : request.path.endsWith('/revisions') ? revisions : undefined,
    );
    open('#general-locale');
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi 6 Wireless' });
    expect(within(wifi).getByRole('button', { name: 'General and locale' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(wifi).getByRole('textbox', { name: 'Time zone' })).toHaveValue('America/New_York');
    const switches = section('Switch Security');
    const folded = within(switches).getByRole('button', { name: 'General and locale' });
    expect(folded).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(folded);
    expect(folded).toHaveAttribute('aria-expanded', 'true');
    expect(within(switches).getByRole('group', { name: 'General and locale' })).toBeInTheDocument();
  });

  it('never hides a problem inside a folded General and locale: it unfolds, and its summary counts them', async () => {
    const draft = wifi6Document();
    draft.general_locale.time_zone = 'Mars/Olympus';
    const config = siteConfig();
    const requests = installConfigServer((request) => {
      if (request.path === SITE_PATH && request.method === 'PUT')
        return [
          400,
          {
            message: 'Invalid configuration.',
            errors: [
              {
                errorCode: 'unknownCountry',
                location: 'body',
                path: '/documents/switch/general_locale/country',
                message: 'refused',
              },
            ],
          },
        ];
      if (request.path === SITE_PATH)
        return {
          ...config,
          types: config.types.map((one) => (one.config_type === 'wifi6' ? { ...one, draft } : one)),
        };
      return request.path.endsWith('/revisions') ? revisions : undefined;
    });
    open();
    // A draft with a problem in it: unfolded at once, with the problem at its field.
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi 6 Wireless' });
    const general = within(wifi).getByRole('button', { name: /^General and locale/ });
    expect(general).toHaveAttribute('aria-expanded', 'true');
    expect(general).toHaveTextContent('Problems: 1');
    expect(within(wifi).getByRole('textbox', { name: 'Time zone' })).toHaveAccessibleDescription(
      'Choose a time zone from the list.',
    );
    // Folded by the user, the summary still says how many problems it holds, and saving is refused.
    fireEvent.click(general);
    expect(general).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(within(wifi).queryByRole('textbox', { name: 'Time zone' })).not.toBeInTheDocument(),
    );
    expect(general).toHaveTextContent('Problems: 1');
    fireEvent.click(within(wifi).getByRole('button', { name: 'Save draft' }));
    expect(
      await within(wifi).findByText('Fix the problems shown before saving. Problems: 1.'),
    ).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([]);

    // A problem the server finds in a folded one (a refused save) unfolds it at once.
    const switches = section('Switch Security');
    const switchGeneral = within(switches).getByRole('button', { name: /^General and locale/ });
    expect(switchGeneral).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(within(switches).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(switchGeneral).toHaveAttribute('aria-expanded', 'true'));
    expect(switchGeneral).toHaveTextContent('Problems: 1');
    expect(within(switches).getByRole('textbox', { name: 'Country' })).toHaveAccessibleDescription(
      'Choose a country from the list.',
    );
  });

  it("saves an edited WLAN's SSID as the kind's draft", async () => {
    const requests = installConfigServer((request) => {
      if (request.path === SITE_PATH && request.method === 'PUT') return siteConfig();
      if (request.path === SITE_PATH) return siteConfig();
      return request.path.endsWith('/revisions') ? revisions : undefined;
    });
    open();
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi 6 Wireless' });
    const guest = within(wifi).getByRole('group', { name: 'guest' });
    fireEvent.change(within(guest).getByRole('textbox', { name: 'SSID' }), {
      target: { value: 'Harbour Visitors' },
    });
    fireEvent.click(within(wifi).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(changesOf(requests)).toHaveLength(1));
    const expected = wifi6Document();
    const wlan = expected.wifi6_wireless.wlans[0];
    if (wlan) wlan.ssid = 'Harbour Visitors';
    expect(changesOf(requests)).toEqual([
      { method: 'PUT', path: SITE_PATH, body: { documents: { wifi6: expected } } },
    ]);
    expect(await screen.findByText(/Draft of Wi-Fi 6 Wireless saved\./)).toBeInTheDocument();
  });

  it('says at the field what breaks a rule, and saves nothing until it is fixed', async () => {
    const requests = installConfigServer((request) =>
      request.path === SITE_PATH ? siteConfig() : request.path.endsWith('/revisions') ? revisions : undefined,
    );
    open();
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi 6 Wireless' });
    const passphrase = within(within(wifi).getByRole('group', { name: 'guest' })).getByRole('textbox', {
      name: 'Passphrase',
    });
    fireEvent.change(passphrase, { target: { value: 'short' } });
    expect(passphrase).toHaveAccessibleDescription('The passphrase must be 8 to 63 characters.');
    fireEvent.click(within(wifi).getByRole('button', { name: 'Save draft' }));
    expect(
      await within(wifi).findByText('Fix the problems shown before saving. Problems: 1.'),
    ).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([]);
  });

  it('adds a WLAN under an identifier of its own, and says what it still lacks', async () => {
    installConfigServer((request) =>
      request.path === SITE_PATH ? siteConfig() : request.path.endsWith('/revisions') ? revisions : undefined,
    );
    open();
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi 6 Wireless' });
    fireEvent.click(within(wifi).getByRole('button', { name: 'Add to WLANs' }));
    const prompt = await screen.findByRole('dialog', { name: 'Add to WLANs' });
    const id = within(prompt).getByRole('textbox', { name: /Identifier/ });
    fireEvent.change(id, { target: { value: 'guest' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'OK' }));
    expect(await within(prompt).findByText('This identifier is already used.')).toBeInTheDocument();
    fireEvent.change(id, { target: { value: 'staff' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'OK' }));
    const staff = await within(wifi).findByRole('group', { name: 'staff' });
    expect(within(staff).getByRole('textbox', { name: 'SSID' })).toHaveAccessibleDescription(
      'This value is not valid here.',
    );
    fireEvent.click(within(staff).getByRole('button', { name: 'Remove staff' }));
    expect(within(wifi).queryByRole('group', { name: 'staff' })).not.toBeInTheDocument();
  });

  it('shows what a refused save names at its field', async () => {
    installConfigServer((request) => {
      if (request.path === SITE_PATH && request.method === 'PUT')
        return [
          400,
          {
            message: 'Invalid configuration.',
            errors: [
              {
                errorCode: 'wpa3NeedsFirmware',
                location: 'body',
                path: '/documents/wifi6/wifi6_wireless/wlans/guest/security',
                message: 'refused',
              },
            ],
          },
        ];
      if (request.path === SITE_PATH) return siteConfig();
      return request.path.endsWith('/revisions') ? revisions : undefined;
    });
    open();
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi 6 Wireless' });
    fireEvent.click(within(wifi).getByRole('button', { name: 'Save draft' }));
    const security = within(within(wifi).getByRole('group', { name: 'guest' })).getByRole('combobox', {
      name: 'Security',
    });
    await waitFor(() =>
      expect(security).toHaveAccessibleDescription('WPA3 needs firmware 7.2.0 or newer on the access point.'),
    );
  });

  it('reviews the drafts, previews who takes them and applies them, naming the devices skipped and why', async () => {
    const draft = wifi6Document();
    const wlan = draft.wifi6_wireless.wlans[0];
    if (wlan) wlan.ssid = 'Harbour Visitors';
    const config = siteConfig();
    const withDraft = {
      ...config,
      types: config.types.map((one) => (one.config_type === 'wifi6' ? { ...one, draft } : one)),
    };
    const result = (dryRun: boolean): ApplyResult => ({
      dry_run: dryRun,
      revision_ids: dryRun ? [] : [6],
      task_ids: dryRun ? [] : [91],
      batches: [{ batch: 1, devices: [{ device_id: 11, name: 'Lobby AP' }] }],
      skipped: [{ device_id: 12, name: 'Dock AP', reason: 'offline' }],
    });
    let applied = false;
    const requests = installConfigServer((request) => {
      if (request.path === `${SITE_PATH}/apply`) {
        const dryRun = (request.body as { dryRun?: boolean }).dryRun === true;
        applied = !dryRun;
        return result(dryRun);
      }
      if (request.path === `${SITE_PATH}/diff`)
        return {
          types: [
            {
              config_type: 'wifi6',
              changes: [
                {
                  path: 'wifi6_wireless/wlans/guest/ssid',
                  before: 'Harbour Guest',
                  after: 'Harbour Visitors',
                },
              ],
            },
          ],
        };
      // Once applied, the site has no draft left.
      if (request.path === SITE_PATH) return applied ? config : withDraft;
      return request.path.endsWith('/revisions') ? revisions : undefined;
    });
    open();
    expect(await screen.findByText('Drafts not applied yet: Wi-Fi 6 Wireless.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Review and apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and apply' });
    const table = await within(dialog).findByRole('table', { name: 'Wi-Fi 6 Wireless' });
    expect(within(table).getByRole('row', { name: /SSID/ })).toHaveTextContent(
      'Wi-Fi 6 wireless › WLANs › guest › SSIDHarbour GuestHarbour Visitors',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Batch 1: Lobby AP')).toBeInTheDocument();
    expect(within(dialog).getByText('Dock AP: offline')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const task = await within(dialog).findByRole('link', { name: 'Task 91' });
    expect(task).toHaveAttribute('href', '/cloud/3/activity?status=RUNNING%2BPENDING&id=91');
    expect(within(dialog).getByText('Dock AP: offline')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Drafts not applied yet/)).not.toBeInTheDocument());
    expect(within(dialog).getByRole('link', { name: 'Task 91' })).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([
      { method: 'POST', path: `${SITE_PATH}/apply`, body: { types: ['wifi6'], dryRun: true } },
      { method: 'POST', path: `${SITE_PATH}/apply`, body: { types: ['wifi6'] } },
    ]);
  });

  it('lists the problems that stop an apply', async () => {
    const config = siteConfig();
    const withDraft = {
      ...config,
      types: config.types.map((one) =>
        one.config_type === 'wifi6' ? { ...one, draft: wifi6Document() } : one,
      ),
    };
    installConfigServer((request) => {
      if (request.path === `${SITE_PATH}/apply`)
        return [
          400,
          {
            message: 'Invalid configuration.',
            errors: [
              {
                errorCode: 'passphraseLength',
                location: 'body',
                path: '/devices/11/wifi6_wireless/wlans/guest/passphrase',
                message: 'Lobby AP: wifi6_wireless/wlans/guest/passphrase: passphraseLength',
              },
            ],
          },
        ];
      if (request.path === `${SITE_PATH}/diff`) return { types: [{ config_type: 'wifi6', changes: [] }] };
      if (request.path === SITE_PATH) return withDraft;
      return request.path.endsWith('/revisions') ? revisions : undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Review and apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and apply' });
    expect(await within(dialog).findByText('Nothing changes.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(/These problems stop the apply:/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Wi-Fi 6 wireless › WLANs › guest › Passphrase: The passphrase must be 8 to 63 characters.',
      ),
    ).toBeInTheDocument();
  });

  it('offers nothing to change, and shows secrets masked, to whoever may only look', async () => {
    const masked = wifi6Document();
    masked.general_locale.admin_password = SECRET_MASK;
    const wlan = masked.wifi6_wireless.wlans[0];
    if (wlan) wlan.passphrase = SECRET_MASK;
    const config = siteConfig({ can_change: false, can_view_secrets: false });
    installConfigServer((request) => {
      if (request.path === SITE_PATH)
        return {
          ...config,
          types: config.types.map((one) =>
            one.config_type === 'wifi6' ? { ...one, applied: masked, draft: masked } : one,
          ),
        };
      return request.path.endsWith('/revisions') ? revisions : undefined;
    });
    open();
    const wifi = await screen.findByRole('region', { name: 'Wi-Fi 6 Wireless' });
    expect(screen.getByText('You may view this configuration but not change it.')).toBeInTheDocument();
    expect(screen.getByText(/Passphrases, keys and passwords are hidden/)).toBeInTheDocument();
    const passphrase = within(within(wifi).getByRole('group', { name: 'guest' })).getByRole('textbox', {
      name: 'Passphrase',
    });
    expect(passphrase).toHaveValue(SECRET_MASK);
    expect(passphrase).toBeDisabled();
    fireEvent.click(within(wifi).getByRole('button', { name: 'General and locale' }));
    expect(within(wifi).getByRole('textbox', { name: 'Admin password' })).toHaveValue(SECRET_MASK);
    expect(within(wifi).getByRole('textbox', { name: 'Admin password' })).toBeDisabled();
    expect(within(wifi).getByRole('textbox', { name: 'SSID' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to/ })).not.toBeInTheDocument();
  });
});

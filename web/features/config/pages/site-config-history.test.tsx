// @vitest-environment happy-dom
// docs/configuration.md Site Configuration: the revision history (paged, each revision's changes, a rollback
// once confirmed) and the site's variables.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigRevision } from '../../../../core/api/config.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { changesOf, installConfigServer, renderConfigPage, SITE_PATH, siteConfig } from '../test-config.tsx';
import { SiteConfigPage } from './site-config-page.tsx';

const open = () => renderConfigPage('siteConfig', SiteConfigPage, '/site/7/config');

const revision = (id: number): ConfigRevision => ({
  id,
  config_type: 'wifi6',
  device_id: null,
  kind: 'apply',
  parent_id: id - 1,
  author_name: 'Olivia Owner',
  created_at: '2026-11-25T10:00:00.000Z',
  changes: [{ path: 'wifi6_wireless/radios/5/tx_power_dbm', before: 'auto', after: 20 }],
});

beforeEach(() => {
  setViewportWidth(375);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('Site Configuration revisions and variables', () => {
  it('pages the revisions, previews one and rolls back to it once confirmed', async () => {
    const requests = installConfigServer((request) => {
      if (request.path === `${SITE_PATH}/revisions`) {
        const offset = Number(request.query.get('offset'));
        return { revisions: [revision(12 - offset), revision(11 - offset)], total: 12 };
      }
      if (request.path === `${SITE_PATH}/revisions/12/rollback`)
        return { dry_run: false, revision_ids: [13], task_ids: [93], batches: [], skipped: [] };
      return request.path === SITE_PATH ? siteConfig() : undefined;
    });
    open();
    const history = await screen.findByRole('region', { name: 'Revision history' });
    expect(await within(history).findByText('Revision 12: Wi-Fi 6 Wireless, applied')).toBeInTheDocument();
    expect(within(history).getAllByText(/^By Olivia Owner, .*\. Changes: 1\.$/)).toHaveLength(2);
    expect(within(history).getByText('1–2 of 12')).toBeInTheDocument();

    fireEvent.click(within(history).getAllByRole('button', { name: 'Preview' })[0] as HTMLElement);
    const preview = await screen.findByRole('dialog', { name: 'Changes of revision 12' });
    expect(within(preview).getAllByRole('row')[1]).toHaveTextContent(
      'Wi-Fi 6 wireless › Radios › 5 GHz › Tx power (dBm)auto20',
    );
    fireEvent.click(within(preview).getByRole('button', { name: 'OK' }));

    fireEvent.click(within(history).getAllByRole('button', { name: 'Roll back' })[0] as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Roll back to revision 12?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Rollback started. Tasks created: 1.')).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([
      { method: 'POST', path: `${SITE_PATH}/revisions/12/rollback`, body: {} },
    ]);

    fireEvent.click(within(history).getByRole('button', { name: 'Older' }));
    expect(await within(history).findByText('Revision 2: Wi-Fi 6 Wireless, applied')).toBeInTheDocument();
    const offsets = requests
      .filter((request) => request.path === `${SITE_PATH}/revisions`)
      .map((request) => request.query.get('offset'));
    expect(offsets).toContain('10');
  });

  it('checks variable names and saves the variables', async () => {
    const requests = installConfigServer((request) => {
      if (request.path === `${SITE_PATH}/revisions`) return { revisions: [], total: 0 };
      return request.path === SITE_PATH ? siteConfig() : undefined;
    });
    open();
    const variables = await screen.findByRole('region', { name: 'Variables' });
    fireEvent.click(within(variables).getByRole('button', { name: 'Add variable' }));
    const names = within(variables).getAllByRole('textbox', { name: 'Name' });
    const values = within(variables).getAllByRole('textbox', { name: 'Value' });
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Floor' } });
    expect(names[1]).toHaveAccessibleDescription(
      'A lower-case letter, then up to 31 lower-case letters, digits or underscores.',
    );
    expect(within(variables).getByRole('button', { name: 'Save variables' })).toBeDisabled();
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'floor' } });
    fireEvent.change(values[1] as HTMLElement, { target: { value: '3' } });
    fireEvent.click(within(variables).getByRole('button', { name: 'Save variables' }));
    await waitFor(() => expect(changesOf(requests)).toHaveLength(1));
    expect(changesOf(requests)).toEqual([
      { method: 'PUT', path: SITE_PATH, body: { variables: { ssid_suffix: 'east', floor: '3' } } },
    ]);
  });

  it('turns "Always follow the console" on for whoever may, and shows it read-only to others', async () => {
    const requests = installConfigServer((request) =>
      request.path === SITE_PATH ? siteConfig({ config_lock: false, can_change_lock: true }) : undefined,
    );
    const view = open();
    const lock = await screen.findByRole('switch', { name: 'Always follow the console' });
    expect(lock).not.toBeChecked();
    fireEvent.click(lock);
    await waitFor(() => expect(changesOf(requests)).toHaveLength(1));
    expect(changesOf(requests)).toEqual([{ method: 'PUT', path: SITE_PATH, body: { config_lock: true } }]);
    view.unmount();

    installConfigServer((request) =>
      request.path === SITE_PATH ? siteConfig({ config_lock: true, can_change_lock: false }) : undefined,
    );
    open();
    const readOnly = await screen.findByRole('switch', { name: 'Always follow the console' });
    expect(readOnly).toBeChecked();
    expect(readOnly).toBeDisabled();
  });
});

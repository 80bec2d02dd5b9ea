// @vitest-environment happy-dom
// docs/configuration.md#storage The revision history of a site and of a device, each its own: newest first,
// paged, each revision's changes previewed, a rollback once confirmed and only for whoever may change it.
import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { RouteKey } from '../../../../core/routes.ts';
import {
  changesOf,
  configRevision,
  DEVICE_ID,
  DEVICE_PATH,
  deviceConfig,
  installConfigServer,
  renderConfigPage,
  SITE_PATH,
  setUpConfigTests,
  siteConfig,
} from '../test-config.tsx';
import { DeviceConfigPage } from './device-config-page.tsx';
import { SiteConfigPage } from './site-config-page.tsx';

type Owner = {
  readonly name: string;
  readonly route: RouteKey;
  readonly Page: ComponentType;
  readonly address: string;
  /** The owner's configuration call, under which its revisions are. */
  readonly path: string;
  readonly config: (canChange: boolean) => unknown;
  readonly deviceId: number | null;
  /** What the rollback's confirmation says it does. */
  readonly rollbackSays: string;
};

const OWNERS: Owner[] = [
  {
    name: 'site',
    route: 'siteConfig',
    Page: SiteConfigPage,
    address: '/site/7/config',
    path: SITE_PATH,
    config: (canChange) => siteConfig({ can_change: canChange }),
    deviceId: null,
    rollbackSays: "Its document is applied again to the site's devices of Wi-Fi 6 Wireless.",
  },
  {
    name: 'device',
    route: 'deviceConfig',
    Page: DeviceConfigPage,
    address: '/site/7/device/11/config',
    path: DEVICE_PATH,
    config: (canChange) => deviceConfig({ can_change: canChange }),
    deviceId: DEVICE_ID,
    rollbackSays: 'Its document is applied again to this device.',
  },
];

setUpConfigTests(375);

describe.each(OWNERS)("A $name's revision history", (owner) => {
  /** Its revisions: applied by the owner, or (odd ones) taken from the device, without an author. */
  const revision = (id: number) =>
    configRevision(id, {
      device_id: owner.deviceId,
      kind: id % 2 === 0 ? 'apply' : 'sync',
      author_name: id % 2 === 0 ? 'Olivia Owner' : null,
    });
  const open = () => renderConfigPage(owner.route, owner.Page, owner.address);

  it('pages the revisions, previews one and rolls back to it once confirmed', async () => {
    const requests = installConfigServer((request) => {
      if (request.path === `${owner.path}/revisions`) {
        const offset = Number(request.query.get('offset'));
        return { revisions: [revision(12 - offset), revision(11 - offset)], total: 12 };
      }
      if (request.path === `${owner.path}/revisions/12/rollback`)
        return { dry_run: false, revision_ids: [13], task_ids: [93], batches: [], skipped: [] };
      return request.path === owner.path ? owner.config(true) : undefined;
    });
    open();
    const history = await screen.findByRole('region', { name: 'Revision history' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Revision 12: Wi-Fi 6 Wireless, applied',
      'Revision 11: Wi-Fi 6 Wireless, taken from the device',
    ]);
    expect(within(items[0] as HTMLElement).getByText(/^By Olivia Owner, .*\. Changes: 1\.$/)).toBeVisible();
    expect(within(items[1] as HTMLElement).getByText(/^By the console, .*\. Changes: 1\.$/)).toBeVisible();
    expect(within(history).getByText('1–2 of 12')).toBeInTheDocument();

    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Changes of revision 12' });
    expect(within(preview).getAllByRole('row')[1]).toHaveTextContent(
      'Wi-Fi 6 wireless › Radios › 5 GHz › Tx power (dBm)auto20',
    );
    fireEvent.click(within(preview).getByRole('button', { name: 'OK' }));

    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Roll back' }));
    const confirm = await screen.findByRole('dialog', { name: 'Roll back to revision 12?' });
    expect(within(confirm).getByText(owner.rollbackSays)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Rollback started. Tasks created: 1.')).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([
      { method: 'POST', path: `${owner.path}/revisions/12/rollback`, body: {} },
    ]);

    fireEvent.click(within(history).getByRole('button', { name: 'Older' }));
    expect(await within(history).findByText('Revision 2: Wi-Fi 6 Wireless, applied')).toBeInTheDocument();
    const offsets = requests
      .filter((request) => request.path === `${owner.path}/revisions`)
      .map((request) => request.query.get('offset'));
    expect(offsets).toEqual(expect.arrayContaining(['0', '10']));
  });

  it('previews but offers no rollback to whoever may not change the configuration', async () => {
    installConfigServer((request) => {
      if (request.path === `${owner.path}/revisions`) return { revisions: [revision(12)], total: 1 };
      return request.path === owner.path ? owner.config(false) : undefined;
    });
    open();
    const history = await screen.findByRole('region', { name: 'Revision history' });
    expect(await within(history).findByRole('button', { name: 'Preview' })).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Roll back' })).not.toBeInTheDocument();
  });
});

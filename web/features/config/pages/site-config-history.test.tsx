// @vitest-environment happy-dom
// docs/configuration.md Site Configuration: the site's variables and "Always follow the console" (the revision
// history: config-revisions.test.tsx).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  changesOf,
  installConfigServer,
  renderConfigPage,
  SITE_PATH,
  setUpConfigTests,
  siteConfig,
} from '../test-config.tsx';
import { SiteConfigPage } from './site-config-page.tsx';

const open = () => renderConfigPage('siteConfig', SiteConfigPage, '/site/7/config');

setUpConfigTests(375);

describe('Site Configuration variables and lock', () => {
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

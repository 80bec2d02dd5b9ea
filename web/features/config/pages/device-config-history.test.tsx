// @vitest-environment happy-dom
// docs/configuration.md#variables, #storage Device Configuration: the device's own variables saved, its draft
// discarded once confirmed, nothing to change for whoever may only look (its revisions:
// config-revisions.test.tsx).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  changesOf,
  DEVICE_PATH,
  deviceConfig,
  installConfigServer,
  renderConfigPage,
  setUpConfigTests,
} from '../test-config.tsx';
import { DeviceConfigPage } from './device-config-page.tsx';

const open = () => renderConfigPage('deviceConfig', DeviceConfigPage, '/site/7/device/11/config');

setUpConfigTests(375);

describe("Device Configuration's variables and draft", () => {
  it("saves the device's own variables", async () => {
    const requests = installConfigServer((request) => {
      if (request.path !== DEVICE_PATH) return undefined;
      return request.method === 'PUT'
        ? deviceConfig({ variables: { ssid_suffix: 'lobby', floor: '2' } })
        : deviceConfig({ variables: { ssid_suffix: 'lobby' } });
    });
    open();
    const variables = await screen.findByRole('region', { name: 'Variables' });
    expect(
      within(variables).getByText(/This device's own values for variables the documents use/),
    ).toBeInTheDocument();
    expect(within(variables).getByRole('textbox', { name: 'Name' })).toHaveValue('ssid_suffix');
    fireEvent.click(within(variables).getByRole('button', { name: 'Add variable' }));
    fireEvent.change(within(variables).getAllByRole('textbox', { name: 'Name' })[1] as HTMLElement, {
      target: { value: 'floor' },
    });
    fireEvent.change(within(variables).getAllByRole('textbox', { name: 'Value' })[1] as HTMLElement, {
      target: { value: '2' },
    });
    fireEvent.click(within(variables).getByRole('button', { name: 'Save variables' }));
    expect(
      await screen.findByText('Variables saved. They reach the device with the next apply.'),
    ).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([
      { method: 'PUT', path: DEVICE_PATH, body: { variables: { ssid_suffix: 'lobby', floor: '2' } } },
    ]);
  });

  it('discards the draft only once confirmed', async () => {
    const requests = installConfigServer((request) => {
      if (request.path !== DEVICE_PATH) return undefined;
      return request.method === 'PUT'
        ? deviceConfig({ has_draft: false })
        : deviceConfig({ has_draft: true });
    });
    open();
    const discard = await screen.findByRole('button', { name: 'Discard draft' });
    fireEvent.click(discard);
    const asked = await screen.findByRole('dialog', { name: "Discard the device's draft?" });
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changesOf(requests)).toEqual([]);

    fireEvent.click(discard);
    const confirm = await screen.findByRole('dialog', { name: "Discard the device's draft?" });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText('Draft discarded.')).toBeInTheDocument();
    expect(changesOf(requests)).toEqual([{ method: 'PUT', path: DEVICE_PATH, body: { discard: true } }]);
    expect(screen.queryByText('The device has changes not applied yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard draft' })).not.toBeInTheDocument();
  });

  it('offers nothing to change to whoever may only look', async () => {
    installConfigServer((request) =>
      request.path === DEVICE_PATH
        ? deviceConfig({ can_change: false, has_draft: true, variables: { floor: '2' } })
        : undefined,
    );
    open();
    expect(await screen.findByText('The device has changes not applied yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard draft' })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Revision history' });
    expect(
      await within(history).findByText('This device has no revisions of its own yet.'),
    ).toBeInTheDocument();
    const variables = screen.getByRole('region', { name: 'Variables' });
    expect(within(variables).getByRole('textbox', { name: 'Value' })).toBeDisabled();
    expect(within(variables).queryByRole('button', { name: 'Save variables' })).not.toBeInTheDocument();
    expect(within(variables).queryByRole('button', { name: 'Add variable' })).not.toBeInTheDocument();
  });
});

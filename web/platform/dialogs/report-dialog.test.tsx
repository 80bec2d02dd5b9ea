// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../test-utils/fake-fetch.ts';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';
import { reportErrorDialog } from './dialog-store.ts';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

function scriptError(): Error {
  const error = new TypeError('x is undefined');
  error.stack = 'TypeError: x is undefined\n    at Panel (https://console.test/assets/panel.js:4:2)';
  return error;
}

async function openReport(closable = true) {
  renderWithPlatform(null);
  act(() => {
    void reportErrorDialog({ error: scriptError(), user: 'owner@demo.example', closable });
  });
  return screen.findByRole('dialog', { name: 'Page Script Error' });
}

describe("'Page Script Error' dialog (docs/states.md, docs/errors.md)", () => {
  it('starts busy with submit disabled, then shows the payload and enables submit', async () => {
    // The payload is built on a timer after the dialog first paints; hold that timer to see the busy state.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithPlatform(null);
    act(() => {
      void reportErrorDialog({ error: scriptError(), user: 'owner@demo.example', closable: true });
    });
    await act(() => vi.dynamicImportSettled());
    const dialog = screen.getByRole('dialog', { name: 'Page Script Error' });
    expect(
      within(dialog).getByText(
        'A script error has occured on this page that could prevent it from working properly. Would you like to submit an error report?',
      ),
    ).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Report Error' });
    expect(submit).toBeDisabled();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Preparing the error report' }),
    ).toBeInTheDocument();
    act(() => vi.runOnlyPendingTimers());
    vi.useRealTimers();
    expect(await within(dialog).findByText('This is what will be submitted:')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    const payload = JSON.parse(within(dialog).getByLabelText('Error report').textContent ?? '');
    expect(payload).toMatchObject({
      serviceContext: { service: 'console-web' },
      context: {
        user: 'owner@demo.example',
        httpRequest: { url: window.location.href, userAgent: navigator.userAgent },
        reportLocation: {
          filePath: 'https://console.test/assets/panel.js',
          lineNumber: 4,
          functionName: 'Panel',
        },
      },
      message: 'TypeError: x is undefined\n    at Panel (https://console.test/assets/panel.js:4:2)',
    });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('sends the payload and keeps submit disabled after success', async () => {
    const requests = installFakeFetch(() => jsonResponse(200, { ok: true }));
    const dialog = await openReport();
    await within(dialog).findByText('This is what will be submitted:');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report Error' }));
    expect(await within(dialog).findByText('Error successfully reported. Thank you.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Report Error' })).toBeDisabled();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /apiv2/error-reports',
    ]);
    expect(requests[0]?.body).toMatchObject({ context: { user: 'owner@demo.example' } });
  });

  it('says the report failed and enables submit again', async () => {
    let answers = 0;
    installFakeFetch(() =>
      answers++ === 0 ? jsonResponse(500, { message: 'down' }) : jsonResponse(200, { ok: true }),
    );
    const dialog = await openReport();
    await within(dialog).findByText('This is what will be submitted:');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report Error' }));
    expect(await within(dialog).findByText('Oops. Something went wrong.')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Report Error' });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Error successfully reported. Thank you.')).toBeInTheDocument();
  });

  it('offers Reload Page instead of Cancel when not closable', async () => {
    const dialog = await openReport(false);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Reload Page' })).toBeInTheDocument(),
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '../app-version.ts';
import { emitServerVersion } from '../http-events.ts';
import { BannerArea } from '../messages/banner-host.tsx';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';
import { addErrorListener, type ErrorNotification } from './error-listeners.ts';

const BANNER =
  'We have updated the Cloud Controller. Please reload the page to use the latest application version.';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  vi.restoreAllMocks();
});

describe('version mismatch (docs/errors.md)', () => {
  it('stays quiet while the server runs the same version', () => {
    renderWithPlatform(null);
    act(() => emitServerVersion(APP_VERSION));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it("shows the banner, the 'Page Reload Required' dialog once, and raises a warning notice", async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const heard: ErrorNotification[] = [];
    const remove = addErrorListener((notification) => heard.push(notification));
    renderWithPlatform(null);
    act(() => emitServerVersion('99.0.0'));
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Page Reload Required' });
    expect(
      within(dialog).getByText(
        'Parts of this page cannot be displayed because the Cloud Controller has been updated. Please reload the page to use the latest application version.',
      ),
    ).toBeInTheDocument();
    expect(heard).toEqual([expect.objectContaining({ level: 'warning' })]);
    remove();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => emitServerVersion('99.0.1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(BANNER)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('puts the banner in the flow of a page that has a banner area, above its content', async () => {
    renderWithPlatform(
      <main>
        <BannerArea />
        <h1>Dashboard</h1>
      </main>,
    );
    act(() => emitServerVersion('99.0.0'));
    const main = screen.getByRole('main', { hidden: true });
    expect(await within(main).findByText(BANNER)).toBeInTheDocument();
    expect(screen.getAllByText(BANNER)).toHaveLength(1);
  });

  it('reloads from the dialog', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    renderWithPlatform(null);
    act(() => emitServerVersion('99.0.0'));
    const dialog = await screen.findByRole('dialog', { name: 'Page Reload Required' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload Page' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});

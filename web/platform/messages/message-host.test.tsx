// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';
import { showMessage } from './message-store.ts';

afterEach(resetPlatform);

describe('toasts', () => {
  it('shows one toast with its actions, and the next once the first has gone', async () => {
    const undo = vi.fn();
    renderWithPlatform(null);
    act(() => {
      showMessage({ content: 'Site deleted.', actions: [{ label: 'Undo', onClick: undo }] });
      showMessage({ content: 'Firmware queued.', variant: 'info', domain: 'tasks' });
    });
    expect(await screen.findByText('Site deleted.')).toBeInTheDocument();
    expect(screen.queryByText('Firmware queued.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Site deleted.')).not.toBeInTheDocument());
    expect(await screen.findByText('Firmware queued.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Firmware queued.')).not.toBeInTheDocument());
  });

  it('has no close button when not closable', async () => {
    renderWithPlatform(null);
    act(() => {
      showMessage({ content: 'Maintenance at 22:00.', variant: 'warning', closable: false });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Maintenance at 22:00.');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});

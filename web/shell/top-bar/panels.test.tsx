// @vitest-environment happy-dom
// How the top bar opens its panels: one at a time, from their buttons, and Search Everywhere from the keyboard.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { fakeShellData, installShellServer, renderTopBar } from './test-server.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

async function renderBar() {
  installShellServer(fakeShellData());
  renderTopBar(meFixture());
  return screen.findByRole('button', { name: 'Search Everywhere' });
}

const searchPanel = () => screen.queryByRole('dialog', { name: 'Search Everywhere' });

describe('top bar panels', () => {
  it('opens a panel from its button, says so on the button, and closes it with Escape', async () => {
    const button = await renderBar();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Search Everywhere' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', panel.id);
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(searchPanel()).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps one panel open at a time', async () => {
    await renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Search Everywhere' }));
    await screen.findByRole('dialog', { name: 'Search Everywhere' });
    fireEvent.click(screen.getByRole('button', { name: /^Tasks/, hidden: true }));
    expect(await screen.findByRole('dialog', { name: 'Tasks' })).toBeInTheDocument();
    await waitFor(() => expect(searchPanel()).not.toBeInTheDocument());
  });

  it('opens Search Everywhere with / outside text fields and with Ctrl+K', async () => {
    await renderBar();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(await screen.findByRole('dialog', { name: 'Search Everywhere' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Search Everywhere' }), { key: 'Escape' });
    await waitFor(() => expect(searchPanel()).not.toBeInTheDocument());
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Search Everywhere' })).toBeInTheDocument();
  });

  it('leaves / to a text field being typed in', async () => {
    await renderBar();
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: '/' });
    expect(searchPanel()).not.toBeInTheDocument();
    field.remove();
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';
import { confirmDialog } from './dialog-store.ts';

afterEach(resetPlatform);

async function openConfirm(options: Partial<Parameters<typeof confirmDialog>[0]> = {}) {
  renderWithPlatform(null);
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = confirmDialog({ title: 'Delete site', content: 'The site and its maps go away.', ...options });
  });
  const dialog = await screen.findByRole('dialog', { name: 'Delete site' });
  return { dialog, answer };
}

function clickBackdrop() {
  const backdrop = document.querySelector('.MuiBackdrop-root');
  if (!backdrop) throw new Error('no backdrop');
  fireEvent.click(backdrop);
}

describe('confirm dialog and modal shell (docs/validation.md, docs/constants.md)', () => {
  it('answers true on confirm and false on cancel', async () => {
    const first = await openConfirm({ confirmLabel: 'Delete' });
    expect(within(first.dialog).getByText('The site and its maps go away.')).toBeInTheDocument();
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Delete' }));
    await expect(first.answer).resolves.toBe(true);
    const second = await openConfirm();
    fireEvent.click(within(second.dialog).getByRole('button', { name: 'Cancel' }));
    await expect(second.answer).resolves.toBe(false);
  });

  it("is at most 'sm' wide and is not closed by a click on the backdrop", async () => {
    const { dialog } = await openConfirm();
    expect(dialog.className).toContain('MuiDialog-paperWidthSm');
    clickBackdrop();
    expect(screen.getByRole('dialog', { name: 'Delete site' })).toBeInTheDocument();
  });

  it('closes on Escape when closable', async () => {
    const { dialog, answer } = await openConfirm();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('ignores Escape and has no close button when not closable', async () => {
    const { dialog } = await openConfirm({ closable: false, cancelLabel: null, confirmLabel: 'Reload Page' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Delete site' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reload Page']);
  });
});

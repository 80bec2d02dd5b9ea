// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';
import { promptDialog } from './dialog-store.ts';

afterEach(resetPlatform);

async function openPrompt(options: Partial<Parameters<typeof promptDialog>[0]> = {}) {
  renderWithPlatform(null);
  let answer: Promise<string | null> = Promise.resolve(null);
  act(() => {
    answer = promptDialog({ title: 'Rename site', label: 'Site name', ...options });
  });
  const dialog = await screen.findByRole('dialog', { name: 'Rename site' });
  return { dialog, answer, input: within(dialog).getByRole('textbox', { name: 'Site name' }) };
}

describe('prompt dialog (docs/validation.md)', () => {
  it("refuses a blank value with 'Blank values not allowed.' and disables submit until it is valid", async () => {
    const { dialog, answer, input } = await openPrompt();
    const submit = within(dialog).getByRole('button', { name: 'OK' });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Blank values not allowed.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.change(input, { target: { value: 'North campus' } });
    expect(within(dialog).queryByText('Blank values not allowed.')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    await expect(answer).resolves.toBe('North campus');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'The value you entered is not valid.' for a false validator result and re-validates on every change", async () => {
    const { dialog, input } = await openPrompt({
      initialValue: 'a',
      validate: (value) => (value.length > 8 ? 'At most 8 characters.' : /^[a-z]+$/.test(value)),
    });
    fireEvent.change(input, { target: { value: 'A1' } });
    expect(within(dialog).queryByText('The value you entered is not valid.')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The value you entered is not valid.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'muchtoolong' } });
    expect(within(dialog).getByText('At most 8 characters.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'fine' } });
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeEnabled();
  });

  it('accepts a blank value when blanks are allowed, and answers null on cancel', async () => {
    const first = await openPrompt({ allowBlank: true });
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'OK' }));
    await expect(first.answer).resolves.toBe('');
    resetPlatform();
    const second = await openPrompt();
    fireEvent.click(within(second.dialog).getByRole('button', { name: 'Cancel' }));
    await expect(second.answer).resolves.toBeNull();
  });
});

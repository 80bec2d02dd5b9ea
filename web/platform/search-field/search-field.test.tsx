// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n.ts';
import { SearchField, type SearchFieldProps } from './search-field.tsx';

let searched: string[];

function renderField(props: Partial<SearchFieldProps> = {}) {
  render(
    <I18nextProvider i18n={i18n}>
      <SearchField onSearch={(term) => void searched.push(term)} {...props} />
    </I18nextProvider>,
  );
  return screen.getByRole('textbox');
}

beforeAll(() => initI18n());
beforeEach(() => {
  searched = [];
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('search field', () => {
  it("shows the 'Search' placeholder and a disabled search button while empty", () => {
    const input = renderField();
    expect(input).toHaveAttribute('placeholder', 'Search');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('searches 1000 ms after typing, and at once on Enter', () => {
    const input = renderField();
    fireEvent.change(input, { target: { value: 'ap-01' } });
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    act(() => vi.advanceTimersByTime(999));
    expect(searched).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(searched).toEqual(['ap-01']);
    fireEvent.change(input, { target: { value: 'ap-02' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(searched).toEqual(['ap-01', 'ap-02']);
  });

  it('hints the minimum length when it is above 1', () => {
    const input = renderField({ minLength: 3, placeholder: 'Find a site' });
    expect(input).toHaveAttribute('placeholder', 'Find a site');
    fireEvent.change(input, { target: { value: 'ab' } });
    expect(screen.getByText('Please enter at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.queryByText('Please enter at least 3 characters.')).not.toBeInTheDocument();
  });

  it('clears the value and reports an empty search', () => {
    const input = renderField({ lazy: true });
    fireEvent.change(input, { target: { value: 'gateway' } });
    act(() => vi.advanceTimersByTime(5_000));
    expect(searched).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(searched).toEqual(['']);
  });
});

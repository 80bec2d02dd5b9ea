// @vitest-environment happy-dom
// Search Everywhere's search box (docs/navigation.md#top-bar-panels, docs/validation.md, docs/constants.md): minimum length, debounce, Enter, the checkbox.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_SOURCES } from '../../../../core/search.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { installFindServer, openSearchPanel, result, searchNow, settle } from '../test-search-panel.tsx';

const NOTHING = { current: [], historical: [] };
const HINT = 'Please enter at least 3 characters.';
const SERVER_ERROR =
  'Sorry, there was an error while processing your request. We are working to fix this issue. Please try again later.';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
});

describe('Search Everywhere search box', () => {
  it('opens with the focus in the search box', () => {
    installFindServer(() => NOTHING);
    const { input } = openSearchPanel();
    expect(screen.getByRole('dialog', { name: 'Search Everywhere' })).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('asks for 3 characters and does not search below them', async () => {
    const server = installFindServer(() => NOTHING);
    const { input } = openSearchPanel();
    fireEvent.change(input, { target: { value: 'hq' } });
    expect(screen.getByText(HINT)).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(server.requests).toHaveLength(0);
    fireEvent.change(input, { target: { value: ' hq ' } });
    expect(screen.getByText(HINT)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'hq l' } });
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it('searches 1000 ms after the typing stops, and at once on Enter', async () => {
    const server = installFindServer(() => NOTHING);
    const { input } = openSearchPanel();
    fireEvent.change(input, { target: { value: 'lob' } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    fireEvent.change(input, { target: { value: 'lobby' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(server.requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.bodies()).toEqual([{ query: 'lobby', sources: ['name', 'location'] }]);
    searchNow(input, 'lobby ap');
    await settle();
    expect(server.bodies().map((body) => body.query)).toEqual(['lobby', 'lobby ap']);
  });

  it.each([
    ['HQ Lobby', 'Names and locations only', ['name', 'location']],
    ['00:1b:2c', 'MAC addresses only', ['mac']],
    ['10.20.30', 'IP addresses only', ['ip']],
  ])(
    'limits "%s" to %s while the box is checked, else searches everything',
    async (query, label, sources) => {
      const server = installFindServer(() => NOTHING);
      const { input } = openSearchPanel();
      fireEvent.change(input, { target: { value: query } });
      const limit = screen.getByRole('checkbox', { name: label });
      expect(limit).toBeChecked();
      fireEvent.keyDown(input, { key: 'Enter' });
      await settle();
      fireEvent.click(limit);
      await settle();
      expect(limit).not.toBeChecked();
      expect(server.bodies()).toEqual([
        { query, sources },
        { query, sources: [...SEARCH_SOURCES] },
      ]);
    },
  );

  it("says 'Nothing found' when nothing matches", async () => {
    installFindServer(() => NOTHING);
    const { input } = openSearchPanel();
    searchNow(input, 'zebra');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing found. Please refine your search phrase and try again.',
    );
  });

  it('says it is searching until the answer comes', async () => {
    let answer: (value: Response) => void = () => undefined;
    installFakeFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { input } = openSearchPanel();
    searchNow(input, 'zebra');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    answer(jsonResponse(200, NOTHING));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing found.');
  });

  it('shows a failed search in the panel, not as a page error, and tries again', async () => {
    let fail = true;
    installFindServer(() =>
      fail
        ? [500, { message: 'Sorry', incidentId: 'abc-1' }]
        : { current: [result({ object_type: 'site', title: 'Zebra Yard' })], historical: [] },
    );
    const { input } = openSearchPanel();
    searchNow(input, 'zebra');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('The search failed. Please try again.');
    expect(screen.queryByText(SERVER_ERROR, { exact: false })).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByText('The search failed. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zebra Yard/ })).toBeInTheDocument();
  });

  it('opens again on the last search, selected so that typing replaces it', async () => {
    installFindServer(() => ({
      current: [result({ object_type: 'site', title: 'Zebra Yard' })],
      historical: [],
    }));
    const { input } = openSearchPanel();
    searchNow(input, 'zebra');
    await settle();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Search Everywhere' }), { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Search Everywhere' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    const again = screen.getByRole('textbox', { name: 'Search phrase' }) as HTMLInputElement;
    expect(again).toHaveValue('zebra');
    expect(again).toHaveFocus();
    expect([again.selectionStart, again.selectionEnd]).toEqual([0, 5]);
    expect(screen.getByRole('link', { name: /Zebra Yard/ })).toBeInTheDocument();
  });
});

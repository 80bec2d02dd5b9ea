// Web tests of Search Everywhere: a scripted search/find, and the panel opened from a button in a router.

import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import type { SearchFind, SearchFindResult, SearchResult } from '../../../core/api/search.ts';
import { type FakeRequest, installFakeFetch, jsonResponse } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../test-utils/render-routes.tsx';
import { meQueryOptions } from '../auth/index.ts';
import { SearchPanel } from './components/search-panel.tsx';

export const FIND_PATH = '/apiv2/cloud/3/search/find';

/** A search result of Demo Networks (cloud 3), as the server presents it. */
export function result(
  overrides: Partial<SearchResult> & Pick<SearchResult, 'object_type' | 'title'>,
): SearchResult {
  return {
    fields: [{ source: 'name', value: overrides.title }],
    historical: false,
    object_id: 1,
    cloud_id: 3,
    site_id: null,
    deleted_at: null,
    updated_at: 1_750_000_000,
    ...overrides,
  };
}

/** Answers search/find with `answer` (a body, or a status and body); returns the requests received. */
export function installFindServer(answer: (body: SearchFind) => SearchFindResult | [number, unknown]) {
  const requests = installFakeFetch((request: FakeRequest) => {
    if (request.method !== 'POST' || request.path !== FIND_PATH)
      return jsonResponse(404, { message: 'Not found.' });
    const found = answer(request.body as SearchFind);
    return Array.isArray(found) ? jsonResponse(found[0], found[1]) : jsonResponse(200, found);
  });
  return { requests, bodies: () => requests.map((request) => request.body as SearchFind) };
}

function Harness({ onClose }: { readonly onClose: () => void }) {
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={(event) => setAnchorEl(event.currentTarget)}>
        Open search
      </button>
      <SearchPanel
        id="search-everywhere"
        cloudId={3}
        anchorEl={anchorEl}
        onClose={() => {
          onClose();
          setAnchorEl(null);
        }}
      />
    </>
  );
}

/** Renders the panel, signed in (so the global error policy is live), and opens it. */
export function openSearchPanel() {
  const onClose = vi.fn();
  const view = renderRoutes([{ path: '*', element: <Harness onClose={onClose} /> }], '/cloud/3/dashboard');
  view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture());
  fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
  const input = screen.getByRole('textbox', { name: 'Search phrase' });
  return { ...view, onClose, input };
}

/** Types into the search box and presses Enter, which searches at once. */
export function searchNow(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** Lets pending fetches and renders finish under fake timers. */
export async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

// Web tests of the list pages: a page in a router at an address, with the signed-in user known, and a
// scripted list call.
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { ListPage } from '../../core/api/list-query.ts';
import { type Me, meQueryOptions } from '../features/auth/index.ts';
import { type FakeRequest, installFakeFetch, jsonResponse } from './fake-fetch.ts';
import { meFixture } from './me-fixture.ts';
import { renderRoutes } from './render-routes.tsx';

export function renderListPage(path: string, Page: ComponentType, address: string, me: Me = meFixture()) {
  const view = renderRoutes([{ path, Component: Page }], address);
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, me));
  return view;
}

/** happy-dom applies the theme's media queries (which columns show) to its viewport width. */
export function setViewportWidth(width: number) {
  const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number }): void } };
  happyDOM.setViewport({ width });
}

/** Lets answers arrive and React settle, with fake timers. */
export const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

/**
 * Answers GET `path` with the page `answer` gives for the request's search and offset (a status and body
 * for a failure); returns what was asked for.
 */
export function installListServer<T>(
  path: string,
  answer: (query: { search: string | null; offset: number }) => ListPage<T> | [number, unknown],
) {
  const requests = installFakeFetch((request: FakeRequest) => {
    if (request.method !== 'GET' || request.path !== path)
      return jsonResponse(404, { message: 'Not found.' });
    const page = answer({ search: request.query.get('search'), offset: Number(request.query.get('offset')) });
    return Array.isArray(page) ? jsonResponse(page[0], page[1]) : jsonResponse(200, page);
  });
  return {
    requests,
    /** The list calls' query parameters, without the app version. */
    queries: () =>
      requests
        .filter((request) => request.path === path)
        .map((request) => {
          const query = Object.fromEntries(request.query);
          delete query.v;
          return query;
        }),
  };
}

/** A page of `items` out of `total` rows. */
export const pageOf = <T,>(items: T[], total = items.length, totalCapped = false): ListPage<T> => ({
  items,
  total,
  total_capped: totalCapped,
});

// @vitest-environment happy-dom
// The newsletter switch of the Latest News panel: shows the user's state and changes it (docs/states.md Newsletter).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { meQueryOptions } from '../../auth/index.ts';
import {
  inboxPost,
  installNewsServer,
  NEWSLETTER_PATH,
  type NewsServerState,
  renderNews,
} from '../testing/news-server.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

async function openPanel(state: NewsServerState) {
  const requests = installNewsServer(state);
  const view = renderNews(state.subscribed);
  fireEvent.click(await screen.findByRole('button', { name: /^Latest News/ }));
  const panel = await screen.findByRole('dialog', { name: 'Latest News' });
  const toggle = within(panel).getByRole('switch', { name: 'Subscribe to the newsletter' });
  return { ...view, requests, toggle };
}

const newsletterCalls = (requests: ReturnType<typeof installNewsServer>) =>
  requests.filter((request) => request.path === NEWSLETTER_PATH).map((request) => request.body);

describe('newsletter toggle', () => {
  it('subscribes, and the signed-in user data follows', async () => {
    const state: NewsServerState = { posts: [inboxPost(1)], subscribed: false };
    const { toggle, requests, queryClient } = await openPanel(state);
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(newsletterCalls(requests)).toEqual([{ subscribe: true }]));
    await waitFor(() =>
      expect(queryClient.getQueryData(meQueryOptions().queryKey)?.user.subscribe_newsletter).toBe(true),
    );
    expect(state.subscribed).toBe(true);
  });

  it('unsubscribes a subscribed user', async () => {
    const state: NewsServerState = { posts: [], subscribed: true };
    const { toggle, requests, queryClient } = await openPanel(state);
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(newsletterCalls(requests)).toEqual([{ subscribe: false }]));
    await waitFor(() =>
      expect(queryClient.getQueryData(meQueryOptions().queryKey)?.user.subscribe_newsletter).toBe(false),
    );
    expect(toggle).not.toBeChecked();
  });

  it('goes back to the saved state when the change fails', async () => {
    const state: NewsServerState = {
      posts: [],
      subscribed: false,
      failing: { method: 'POST', path: NEWSLETTER_PATH, status: 503 },
    };
    const { toggle, requests, queryClient } = await openPanel(state);
    fireEvent.click(toggle);
    await waitFor(() => expect(newsletterCalls(requests)).toHaveLength(1));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(queryClient.getQueryData(meQueryOptions().queryKey)?.user.subscribe_newsletter).toBe(false);
  });
});

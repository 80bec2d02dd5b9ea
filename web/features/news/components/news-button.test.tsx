// @vitest-environment happy-dom
// The Latest News button: the unread count on its badge (docs/constants.md: at most 99, then '99+') and in its name.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { inboxQueryOptions } from '../api/get-inbox.ts';
import { INBOX_PATH, inboxPost, installNewsServer, renderNews } from '../testing/news-server.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

const posts = (unread: number, read = 0) =>
  Array.from({ length: unread + read }, (_, index) => inboxPost(index + 1, { viewed: index >= unread }));

describe('Latest News button', () => {
  it('counts the unread posts on the badge and in its name', async () => {
    installNewsServer({ posts: posts(3, 2), subscribed: false });
    renderNews();
    const button = await screen.findByRole('button', { name: 'Latest News, unread: 3' });
    expect(within(button).getByText('3')).toBeInTheDocument();
  });

  it('counts 99 unread posts as 99', async () => {
    installNewsServer({ posts: posts(99), subscribed: false });
    renderNews();
    const button = await screen.findByRole('button', { name: 'Latest News, unread: 99' });
    expect(within(button).getByText('99')).toBeInTheDocument();
  });

  it("shows '99+' from 100 unread posts on", async () => {
    installNewsServer({ posts: posts(120), subscribed: false });
    renderNews();
    const button = await screen.findByRole('button', { name: 'Latest News, unread: 120' });
    expect(within(button).getByText('99+')).toBeInTheDocument();
  });

  it('has no count when every post is read', async () => {
    installNewsServer({ posts: posts(0, 4), subscribed: false });
    const { queryClient } = renderNews();
    await waitFor(() =>
      expect(queryClient.getQueryState(inboxQueryOptions().queryKey)?.status).toBe('success'),
    );
    const button = screen.getByRole('button', { name: 'Latest News' });
    expect(button.querySelector('.MuiBadge-root')).toBeNull();
    expect(button).toHaveTextContent(/^$/);
  });

  it('stays a plain button, without the page error, when the inbox cannot be loaded', async () => {
    const requests = installNewsServer({
      posts: posts(2),
      subscribed: false,
      failing: { method: 'GET', path: INBOX_PATH, status: 500 },
    });
    const { queryClient } = renderNews();
    await waitFor(() =>
      expect(queryClient.getQueryState(inboxQueryOptions().queryKey)?.status).toBe('error'),
    );
    expect(requests.some((request) => request.path === INBOX_PATH)).toBe(true);
    expect(screen.getByRole('button', { name: 'Latest News' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Page Script Error' })).not.toBeInTheDocument();
  });
});

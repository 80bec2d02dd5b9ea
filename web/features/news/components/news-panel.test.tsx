// @vitest-environment happy-dom
// The Latest News panel: posts with their unread state, short posts opened in place, long ones in a dialog,
// opening marks read, mark all read, the empty and failed states.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import {
  INBOX_PATH,
  inboxPost,
  installNewsServer,
  type NewsServerState,
  renderNews,
} from '../testing/news-server.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

const SHORT = 'A'.repeat(499);
const LONG = 'B'.repeat(500);

async function openPanel(state: NewsServerState) {
  const requests = installNewsServer(state);
  renderNews();
  const unread = state.posts.filter((post) => !post.viewed).length;
  const name = unread > 0 ? `Latest News, unread: ${unread}` : 'Latest News';
  fireEvent.click(await screen.findByRole('button', { name }));
  const panel = await screen.findByRole('dialog', { name: 'Latest News' });
  return { panel, requests };
}

const markReadCalls = (requests: ReturnType<typeof installNewsServer>) =>
  requests.filter((request) => request.method === 'POST' && request.path === INBOX_PATH).map((r) => r.body);
const newsButton = () => screen.getByRole('button', { name: /^Latest News/, hidden: true });

describe('Latest News panel', () => {
  it('lists the posts with title, published date, excerpt and an unread marker', async () => {
    const { panel } = await openPanel({
      posts: [inboxPost(1), inboxPost(2, { viewed: true, custom_excerpt: null, plaintext: 'Plain body.' })],
      subscribed: false,
    });
    const unread = within(panel).getByRole('button', { name: /Post 1/ });
    expect(unread).toHaveAccessibleName(expect.stringMatching(/^Unread Post 1/));
    expect(unread).toHaveTextContent('Excerpt of post 1');
    expect(within(unread).getByText((_text, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2025-03-02T09:00:00.000Z',
    );
    const read = within(panel).getByRole('button', { name: /Post 2/ });
    expect(read).toHaveAccessibleName(expect.stringMatching(/^Post 2/));
    expect(read).toHaveTextContent('Plain body.');
  });

  it('opens a post under 500 characters in place, shows it whole and marks it read at once', async () => {
    const state: NewsServerState = {
      posts: [inboxPost(1, { plaintext: SHORT }), inboxPost(2)],
      subscribed: false,
    };
    const { panel, requests } = await openPanel(state);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    state.hold = answered;
    const post = within(panel).getByRole('button', { name: /Post 1/ });
    expect(post).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(post);
    expect(post).toHaveAttribute('aria-expanded', 'true');
    const content = document.getElementById(post.getAttribute('aria-controls') ?? '');
    expect(content).toHaveTextContent(SHORT);
    expect(within(content as HTMLElement).getByRole('link', { name: 'Read on the blog' })).toHaveAttribute(
      'href',
      'https://news.example/post-1/',
    );
    // Read before the server answers.
    await waitFor(() => expect(post).toHaveAccessibleName(expect.stringMatching(/^Post 1/)));
    expect(newsButton()).toHaveAccessibleName('Latest News, unread: 1');
    answer();
    await waitFor(() => expect(markReadCalls(requests)).toEqual([{ uuid: inboxPost(1).uuid }]));
    fireEvent.click(post);
    expect(post).toHaveAttribute('aria-expanded', 'false');
    expect(markReadCalls(requests)).toHaveLength(1);
  });

  it('opens a post of 500 characters in a dialog drawn from its content, and marks it read', async () => {
    const { panel, requests } = await openPanel({
      posts: [inboxPost(1, { plaintext: LONG, title: 'Long read' })],
      subscribed: false,
    });
    const post = within(panel).getByRole('button', { name: /Long read/ });
    expect(post).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.click(post);
    const dialog = await screen.findByRole('dialog', { name: 'Long read' });
    expect(dialog).toHaveTextContent(LONG);
    expect(within(dialog).getByRole('link', { name: 'Read on the blog' })).toHaveAttribute(
      'href',
      'https://news.example/post-1/',
    );
    await waitFor(() => expect(markReadCalls(requests)).toEqual([{ uuid: inboxPost(1).uuid }]));
    await waitFor(() => expect(newsButton()).toHaveAccessibleName('Latest News'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Long read' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Latest News' })).toBeInTheDocument();
  });

  it("says 'Post content not available at this time.' for a post whose content cannot be read", async () => {
    const { panel } = await openPanel({
      posts: [inboxPost(1, { plaintext: LONG, mobiledoc: null })],
      subscribed: false,
    });
    fireEvent.click(within(panel).getByRole('button', { name: /Post 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Post 1' });
    expect(within(dialog).getByText('Post content not available at this time.')).toBeInTheDocument();
  });

  it('does not mark a post read again when it is already read', async () => {
    const { panel, requests } = await openPanel({
      posts: [inboxPost(1, { viewed: true, plaintext: LONG }), inboxPost(2, { viewed: true })],
      subscribed: false,
    });
    fireEvent.click(within(panel).getByRole('button', { name: /Post 1/ }));
    await screen.findByRole('dialog', { name: 'Post 1' });
    fireEvent.click(within(panel).getByRole('button', { name: /Post 2/, hidden: true }));
    expect(markReadCalls(requests)).toEqual([]);
  });

  it('marks every post read, then has nothing left to mark', async () => {
    const { panel, requests } = await openPanel({
      posts: [inboxPost(1), inboxPost(2), inboxPost(3, { viewed: true })],
      subscribed: false,
    });
    const markAll = within(panel).getByRole('button', { name: 'Mark all as read' });
    fireEvent.click(markAll);
    await waitFor(() => expect(markAll).toBeDisabled());
    expect(within(panel).queryAllByRole('button', { name: /^Unread/ })).toEqual([]);
    expect(newsButton()).toHaveAccessibleName('Latest News');
    await waitFor(() => expect(markReadCalls(requests)).toEqual([{ all: true }]));
  });

  it('shows a post unread again when marking it read fails', async () => {
    const state: NewsServerState = { posts: [inboxPost(1, { plaintext: LONG })], subscribed: false };
    const { panel } = await openPanel(state);
    state.failing = { method: 'POST', path: INBOX_PATH, status: 503 };
    const post = within(panel).getByRole('button', { name: /Post 1/ });
    fireEvent.click(post);
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: /Post 1/, hidden: true })).toHaveAccessibleName(
        expect.stringMatching(/^Unread Post 1/),
      ),
    );
  });

  it("says 'No news is good news.' without posts, with nothing to mark", async () => {
    const { panel } = await openPanel({ posts: [], subscribed: false });
    expect(await within(panel).findByText('No news is good news.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says the news could not be loaded, in the panel only', async () => {
    const { panel } = await openPanel({
      posts: [],
      subscribed: false,
      failing: { method: 'GET', path: INBOX_PATH, status: 500 },
    });
    expect(
      await within(panel).findByText('The news could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Page Script Error' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

// Web tests of Latest News: a scripted server for the inbox and newsletter calls, and the button and panel
// opened one from the other the way the top bar does it.
import { useState } from 'react';
import type { Inbox, InboxPost } from '../../../../core/api/news.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { renderWithPlatform } from '../../../platform/testing/render-platform.tsx';
import { type FakeRequest, installFakeFetch, jsonResponse } from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { NewsButton, NewsPanel } from '../components/news-panel.tsx';

export const INBOX_PATH = '/apiv2/user/inbox-blog-posts';
export const NEWSLETTER_PATH = '/apiv2/user/newsletter';

/** A Mobiledoc body of one paragraph per text. */
export function paragraphs(...texts: string[]) {
  return {
    version: '0.3.1',
    atoms: [],
    cards: [],
    markups: [],
    sections: texts.map((text) => [1, 'p', [[0, [], 0, text]]]),
  };
}

/** An inbox post whose body is its plain text in one paragraph. */
export function inboxPost(index: number, overrides: Partial<InboxPost> = {}): InboxPost {
  const plaintext = overrides.plaintext ?? `Body of post ${index}.`;
  return {
    uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `Post ${index}`,
    plaintext,
    mobiledoc: paragraphs(plaintext),
    published_at: `2025-03-0${(index % 9) + 1}T09:00:00.000Z`,
    url: `https://news.example/post-${index}/`,
    custom_excerpt: `Excerpt of post ${index}`,
    viewed: false,
    ...overrides,
  };
}

export interface NewsServerState {
  posts: InboxPost[];
  subscribed: boolean;
  /** Answers calls of this method and path with this status instead. */
  failing?: { method: string; path: string; status: number };
  /** Marking read answers only once this settles (to see the panel before the answer). */
  hold?: Promise<void>;
}

export function inboxOf(posts: readonly InboxPost[]): Inbox {
  return {
    posts: [...posts],
    unreadCount: posts.filter((post) => !post.viewed).length,
    updatedAt: posts.length > 0 ? '2025-03-09T09:00:00.000Z' : null,
  };
}

function markRead(state: NewsServerState, body: { uuid?: string; all?: true }) {
  if (body.all === true) state.posts = state.posts.map((post) => ({ ...post, viewed: true }));
  else if (state.posts.some((post) => post.uuid === body.uuid))
    state.posts = state.posts.map((post) => (post.uuid === body.uuid ? { ...post, viewed: true } : post));
  else return jsonResponse(404, { message: 'No such post.' });
  return jsonResponse(200, inboxOf(state.posts));
}

/** Answers the news calls from `state`, which tests may change; returns the requests received. */
export function installNewsServer(state: NewsServerState): FakeRequest[] {
  return installFakeFetch(async (request) => {
    const { method, path } = request;
    if (state.failing?.method === method && state.failing.path === path)
      return jsonResponse(state.failing.status, { message: 'Broken.' });
    if (method === 'GET' && path === INBOX_PATH) return jsonResponse(200, inboxOf(state.posts));
    if (method === 'POST' && path === INBOX_PATH) {
      await state.hold;
      return markRead(state, request.body as { uuid?: string; all?: true });
    }
    if (method === 'POST' && path === NEWSLETTER_PATH) {
      state.subscribed = (request.body as { subscribe: boolean }).subscribe;
      return jsonResponse(200, { subscribe: state.subscribed });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

function NewsInTopBar() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <NewsButton
        panelId="news-panel"
        open={anchor !== null}
        onOpen={(event) => setAnchor(event.currentTarget)}
      />
      <NewsPanel id="news-panel" anchorEl={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

/** The Latest News button and panel for a signed-in user who is (or is not) subscribed to the newsletter. */
export function renderNews(subscribed = false) {
  const queryClient = createQueryClient();
  const me = meFixture();
  queryClient.setQueryData(meQueryOptions().queryKey, {
    ...me,
    user: { ...me.user, subscribe_newsletter: subscribed },
  });
  return renderWithPlatform(<NewsInTopBar />, queryClient);
}

export const inboxGets = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === INBOX_PATH).length;

// @vitest-environment happy-dom
// When the inbox is fetched again (docs/constants.md): every 20 minutes, and when the panel opens or the app regains
// focus after the last fetch was before today. Only the interval timer and the clock are fake.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INBOX_REFRESH_MS } from '../../../../core/constants.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { type FakeRequest, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { fetchedBeforeToday } from '../api/get-inbox.ts';
import {
  inboxGets,
  inboxPost,
  installNewsServer,
  type NewsServerState,
  renderNews,
} from '../testing/news-server.tsx';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
});

/** Renders the button at the given local time and waits for its first fetch. */
async function renderAt(time: Date) {
  vi.setSystemTime(time);
  const state: NewsServerState = { posts: [inboxPost(1)], subscribed: false };
  const requests = installNewsServer(state);
  renderNews();
  await screen.findByRole('button', { name: 'Latest News, unread: 1' });
  expect(inboxGets(requests)).toBe(1);
  return { state, requests };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Regaining focus reaches the queries a few promises later; a (real) macrotask lets them all run. */
async function regainFocus() {
  await act(async () => {
    window.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function openAndClosePanel() {
  fireEvent.click(screen.getByRole('button', { name: /^Latest News/ }));
  const panel = await screen.findByRole('dialog', { name: 'Latest News' });
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(panel).not.toBeInTheDocument());
}

/** Lets any fetch the last step started reach the server. */
async function settled(requests: FakeRequest[], gets: number) {
  await waitFor(() => expect(inboxGets(requests)).toBe(gets));
}

describe('inbox refresh', () => {
  it('fetches the inbox again every 20 minutes and the badge follows', async () => {
    const { state, requests } = await renderAt(new Date(2025, 2, 10, 9, 0));
    state.posts = [inboxPost(1), inboxPost(2)];
    advance(INBOX_REFRESH_MS - 1);
    await settled(requests, 1);
    advance(1);
    expect(await screen.findByRole('button', { name: 'Latest News, unread: 2' })).toBeInTheDocument();
    expect(inboxGets(requests)).toBe(2);
    advance(INBOX_REFRESH_MS);
    await settled(requests, 3);
  });

  it('refetches when the panel opens after midnight, not before', async () => {
    const { state, requests } = await renderAt(new Date(2025, 2, 10, 23, 50));
    advance(5 * MINUTE);
    await openAndClosePanel();
    expect(inboxGets(requests)).toBe(1);
    state.posts = [inboxPost(1), inboxPost(2)];
    advance(10 * MINUTE); // 00:05 the next day, before the 20-minute refresh.
    expect(inboxGets(requests)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /^Latest News/ }));
    expect(await screen.findByRole('button', { name: /Post 2/ })).toBeInTheDocument();
    expect(inboxGets(requests)).toBe(2);
  });

  it('refetches when the app regains focus after midnight, not before', async () => {
    const { state, requests } = await renderAt(new Date(2025, 2, 10, 23, 50));
    advance(5 * MINUTE);
    await regainFocus();
    expect(inboxGets(requests)).toBe(1);
    state.posts = [inboxPost(1), inboxPost(2)];
    advance(10 * MINUTE);
    await regainFocus();
    expect(await screen.findByRole('button', { name: 'Latest News, unread: 2' })).toBeInTheDocument();
    expect(inboxGets(requests)).toBe(2);
  });
});

describe('fetchedBeforeToday', () => {
  it("compares with today's local midnight", () => {
    const now = new Date(2025, 2, 10, 0, 5).getTime();
    expect(fetchedBeforeToday(new Date(2025, 2, 9, 23, 59, 59, 999).getTime(), now)).toBe(true);
    expect(fetchedBeforeToday(new Date(2025, 2, 10, 0, 0).getTime(), now)).toBe(false);
    expect(fetchedBeforeToday(0, now)).toBe(true);
  });
});

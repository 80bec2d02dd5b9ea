// @vitest-environment happy-dom

import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../test-utils/fake-fetch.ts';
import { cacheMeFixture } from '../../test-utils/me-fixture.ts';
import { apiGet } from '../http.ts';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';
import { LOCAL_ERRORS } from './error-policy-host.tsx';

const TEXT = {
  offline:
    'It looks like you might be offline. Please check your internet connection and try reloading the page.',
  network:
    'Could not reach the cloud servers. Please check your internet connection and try reloading the page.',
  forbidden: 'Access denied: your account does not have sufficient permissions.',
  tooMany:
    'Sorry, but there are too many requests coming from your network. Please try reloading the page later.',
  server:
    'Sorry, there was an error while processing your request. We are working to fix this issue. Please try again later.',
  badGateway: 'There was a temporary problem loading parts of the page. Please try reloading.',
  unavailable: 'The service might not be available due to maintenance. Please try reloading the page.',
  generic:
    'Sorry, there was an error on this page. Please try reloading the page, and if the error is recurring, click the button to inspect and report it.',
};

function Probe({ path, local = false }: { readonly path: string; readonly local?: boolean }) {
  useQuery({
    queryKey: ['probe', path],
    queryFn: () => apiGet(path),
    retry: false,
    meta: local ? LOCAL_ERRORS : undefined,
  });
  return null;
}

function renderProbes(paths: string[], { signedIn = true, local = false } = {}) {
  const queryClient = createQueryClient();
  if (signedIn) cacheMeFixture(queryClient);
  return renderWithPlatform(
    paths.map((path) => <Probe key={path} path={path} local={local} />),
    queryClient,
  );
}

const toast = () => screen.findByRole('alert');

async function failed(queryClient: ReturnType<typeof createQueryClient>, path: string) {
  await waitFor(() => expect(queryClient.getQueryState(['probe', path])?.status).toBe('error'));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('error policy: HTTP statuses (docs/errors.md)', () => {
  it.each([
    [429, {}, TEXT.tooMany],
    [500, { message: 'Sorry', incidentId: '4f1c-22' }, `${TEXT.server} Incident ID [4f1c-22].`],
    [500, { message: 'Sorry' }, TEXT.server],
    [502, {}, TEXT.badGateway],
    [503, {}, TEXT.unavailable],
  ])('answers %i with its text and no report button', async (status, body, text) => {
    installFakeFetch(() => jsonResponse(status, body));
    renderProbes(['/apiv2/probe']);
    expect(await toast()).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Report Error...' })).not.toBeInTheDocument();
  });

  it("answers 403 with the server's message, or the default text, and offers the default cloud", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    installFakeFetch(() => jsonResponse(403, { message: 'Only owners may see billing.' }));
    renderProbes(['/apiv2/probe']);
    expect(await toast()).toHaveTextContent('Only owners may see billing.');
    fireEvent.click(screen.getByRole('button', { name: 'Open default cloud' }));
    expect(assign).toHaveBeenCalledWith('/cloud/3/dashboard');
    resetPlatform();
    installFakeFetch(() => new Response('', { status: 403, statusText: 'Forbidden' }));
    renderProbes(['/apiv2/probe']);
    expect(await toast()).toHaveTextContent(TEXT.forbidden);
  });

  it('answers any other status, and a body that is not JSON, with the generic text, Reload Page and Report Error...', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    installFakeFetch(() => jsonResponse(418, { message: "I'm a teapot" }));
    renderProbes(['/apiv2/probe']);
    expect(await toast()).toHaveTextContent(TEXT.generic);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalled();
    resetPlatform();
    installFakeFetch(() => new Response('<html>proxy</html>', { status: 200 }));
    renderProbes(['/apiv2/probe']);
    expect(await toast()).toHaveTextContent(TEXT.generic);
    fireEvent.click(screen.getByRole('button', { name: 'Report Error...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Page Script Error' });
    expect(await within(dialog).findByLabelText('Error report')).toHaveTextContent(
      'The response is not valid JSON.',
    );
  });

  it("shows the blocking 'Login Session Expired' dialog on 401; its button reloads", async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    installFakeFetch(() => jsonResponse(401, { message: 'Login required.' }));
    renderProbes(['/apiv2/probe']);
    const dialog = await screen.findByRole('dialog', { name: 'Login Session Expired' });
    expect(
      within(dialog).getByText('Your login session has expired. Please log in again if prompted.'),
    ).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reload Page']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload Page' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});

describe('error policy: connectivity (docs/errors.md)', () => {
  it('says the servers could not be reached when a call gets no answer', async () => {
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderProbes(['/apiv2/probe']);
    expect(await toast()).toHaveTextContent(TEXT.network);
  });

  it('says the browser might be offline when it is', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderProbes(['/apiv2/probe']);
    expect(await toast()).toHaveTextContent(TEXT.offline);
  });

  it('says so as soon as the browser goes offline, and takes it back when it is online again', async () => {
    renderProbes([]);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await toast()).toHaveTextContent(TEXT.offline);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('error policy: which errors it handles', () => {
  it('handles only the first error until its notice is closed', async () => {
    installFakeFetch(({ path }) => jsonResponse(path === '/apiv2/first' ? 502 : 503, {}));
    const { queryClient } = renderProbes(['/apiv2/first', '/apiv2/second']);
    expect(await toast()).toHaveTextContent(TEXT.badGateway);
    await failed(queryClient, '/apiv2/second');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    fireEvent.error(window, { error: new Error('after the first') });
    expect(await toast()).toHaveTextContent(TEXT.generic);
  });

  it('sends window errors and unhandled rejections to the same handler', async () => {
    renderProbes([]);
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('boom'), message: 'boom' }));
    });
    expect(await toast()).toHaveTextContent(TEXT.generic);
    resetPlatform();
    renderProbes([]);
    act(() => {
      const event = new Event('unhandledrejection') as Event & { reason?: unknown };
      event.reason = new Error('rejected');
      window.dispatchEvent(event);
    });
    expect(await toast()).toHaveTextContent(TEXT.generic);
  });

  it('leaves failed calls to the login page before sign-in, and to pages that handle them', async () => {
    installFakeFetch(() => jsonResponse(500, { message: 'x', incidentId: 'i' }));
    const anonymous = renderProbes(['/apiv2/anonymous'], { signedIn: false });
    await failed(anonymous.queryClient, '/apiv2/anonymous');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    resetPlatform();
    const local = renderProbes(['/apiv2/local'], { local: true });
    await failed(local.queryClient, '/apiv2/local');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

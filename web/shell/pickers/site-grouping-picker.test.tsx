// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithPlatform, resetPlatform } from '../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../test-utils/fake-fetch.ts';
import { fakeShellData, installShellServer } from '../top-bar/test-server.tsx';
import { SiteGroupingPicker } from './site-grouping-picker.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

const groupings = [
  { id: 5, name: 'North', site_count: 4 },
  { id: 6, name: 'South', site_count: 2 },
];

describe('site-grouping picker', () => {
  it('lists saved groupings without Back to Cloud while none is active; choosing one selects it', async () => {
    const requests = installShellServer(fakeShellData({ groupings }));
    renderWithPlatform(<SiteGroupingPicker cloudId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: /^North/ }));
    expect(screen.queryByRole('button', { name: 'Back to Cloud' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^North/ })).toHaveAttribute('aria-current', 'true'),
    );
    const select = requests.find((request) => request.method === 'POST');
    expect(select?.path).toBe('/apiv2/cloud/3/site-filters-select');
    expect(select?.body).toEqual({ siteFilterId: 5 });
    expect(screen.getByRole('button', { name: 'Back to Cloud' })).toBeInTheDocument();
  });

  it('clears the active grouping with Back to Cloud, a DELETE without a JSON body', async () => {
    const requests = installShellServer(fakeShellData({ groupings, activeGroupingId: 6 }));
    renderWithPlatform(<SiteGroupingPicker cloudId={3} />);
    expect(await screen.findByRole('button', { name: /^South/ })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Cloud' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Back to Cloud' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: /^South/ })).not.toHaveAttribute('aria-current');
    const clear = requests.find((request) => request.method === 'DELETE');
    expect(clear?.path).toBe('/apiv2/cloud/3/site-filters-select');
    expect(clear?.headers.has('Content-Type')).toBe(false);
    expect(clear?.body).toBeUndefined();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithPlatform, resetPlatform } from '../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../test-utils/fake-fetch.ts';
import { fakeShellData, installShellServer, namedSites } from '../top-bar/test-server.tsx';
import { SitesSection } from './sites-section.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
  localStorage.clear();
});

const renderSection = () =>
  renderWithPlatform(
    <SitesSection
      cloudId={3}
      currentSiteId={null}
      groupingPicker={false}
      canCreateSite={false}
      onChoose={() => undefined}
    />,
  );

// docs/navigation.md: the site list is a section the user folds away, and it stays folded.
describe('the drawer site section', () => {
  it('lists 100 sites with the filter box, in a list that scrolls inside itself', async () => {
    installShellServer(fakeShellData({ sites: namedSites(100) }));
    renderSection();
    const list = await screen.findByRole('list', { name: 'Sites' });
    expect(within(list).getAllByRole('button')).toHaveLength(100);
    expect(screen.getByRole('textbox', { name: 'Filter sites' })).toBeInTheDocument();
    expect(getComputedStyle(list).overflowY).toBe('auto');
    expect(getComputedStyle(list).maxHeight).not.toBe('none');
  });

  it('folds the list away, and a new drawer remembers it', async () => {
    installShellServer(fakeShellData({ sites: namedSites(12) }));
    const first = renderSection();
    await screen.findByRole('list', { name: 'Sites' });
    const fold = screen.getByRole('button', { name: 'Sites' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    first.unmount();

    renderSection();
    expect(screen.getByRole('button', { name: 'Sites' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Sites' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sites' }));
    expect(await screen.findByRole('list', { name: 'Sites' })).toBeInTheDocument();
  });
});

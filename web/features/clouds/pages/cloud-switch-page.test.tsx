// @vitest-environment happy-dom
// docs/navigation.md#routes /cloud/{id}: switches to one of the user's clouds; a cloud they are not in says so.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { meQueryOptions } from '../../auth/index.ts';
import { CloudSwitchPage } from './cloud-switch-page.tsx';

function render(address: string) {
  const view = renderRoutes(
    [
      { path: routes.cloudSwitch.path, Component: CloudSwitchPage },
      { path: routes.cloudDashboard.path, Component: () => <p>The dashboard</p> },
    ],
    address,
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return view;
}

afterEach(() => resetPlatform());

describe('cloud switch page', () => {
  it("opens the dashboard of one of the user's clouds", () => {
    const { router } = render('/cloud/4');
    expect(router.state.location.pathname).toBe('/cloud/4/dashboard');
  });

  it('says the user is not a member of another cloud and links to their default cloud', () => {
    render('/cloud/77');
    expect(
      screen.getByText('You are not a member of this cloud, or it no longer exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open default cloud' })).toHaveAttribute(
      'href',
      '/cloud/3/dashboard',
    );
  });
});

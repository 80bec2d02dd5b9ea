// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/router.tsx';
import { cloudsKeys } from '../../features/clouds/api/keys.ts';
import { resetPlatform } from '../../platform/testing/render-platform.tsx';
import { installFakeFetch, restoreFetch } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { loadPages, renderRoutes } from '../../test-utils/render-routes.tsx';
import { cloudFixture, cloudServer, daysFromNow, licenseStatusFixture } from './notice-fixtures.ts';

beforeAll(loadPages('/cloud/3/dashboard'));

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

const guestMe = meFixture({
  memberships: [
    { cloud_id: 3, cloud_name: 'Demo Networks', role_id: 'ROLE_GUEST', permissions: 0, push_alerts: false },
  ],
});

async function notices() {
  return screen.findByRole('region', { name: 'Cloud notices' });
}

describe('plan and license notices (docs/errors.md)', () => {
  it('tells a member with manage_licenses that the plan has expired, with a renew link', async () => {
    installFakeFetch(
      cloudServer({
        me: meFixture(),
        status: licenseStatusFixture({ expired: true, planExpiresAt: daysFromNow(-3) }),
      }),
    );
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    const region = await notices();
    expect(within(region).getByText('Your cloud plan has expired.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/cloud/3/licenses');
  });

  it('warns that the plan will expire soon, with a renew link', async () => {
    installFakeFetch(
      cloudServer({ me: meFixture(), status: licenseStatusFixture({ cloudWillExpire: true }) }),
    );
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    const region = await notices();
    expect(within(region).getByText('Your cloud plan will expire soon.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/cloud/3/licenses');
  });

  it('asks a member with manage_licenses to pay for a suspended cloud', async () => {
    installFakeFetch(
      cloudServer({
        me: meFixture(),
        cloud: cloudFixture({ suspended_at: daysFromNow(-6), suspend_type: 'payment' }),
        status: licenseStatusFixture({ suspended: true, expired: true }),
      }),
    );
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    const region = await notices();
    expect(
      within(region).getByText('Your cloud has been suspended. Please proceed to payment page.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Go to payment page' })).toHaveAttribute(
      'href',
      '/cloud/3/licenses',
    );
    expect(within(region).queryByText('Your cloud plan has expired.')).not.toBeInTheDocument();
  });

  it('tells a member without manage_licenses to contact the administrator of a suspended cloud', async () => {
    installFakeFetch(
      cloudServer({
        me: guestMe,
        cloud: cloudFixture({
          suspended_at: daysFromNow(-6),
          billing: null,
          role_id: 'ROLE_GUEST',
          permissions: 0,
        }),
        status: licenseStatusFixture({ suspended: true }),
      }),
    );
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    const region = await notices();
    expect(
      within(region).getByText('Your cloud has been suspended. Please contact your cloud administrator.'),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows no plan warnings to a member without manage_licenses', async () => {
    installFakeFetch(
      cloudServer({
        me: guestMe,
        cloud: cloudFixture({ billing: null }),
        status: licenseStatusFixture({ expired: true }),
      }),
    );
    const { queryClient } = renderRoutes(appRoutes(), '/cloud/3/dashboard');
    await waitFor(() =>
      expect(queryClient.getQueryState(cloudsKeys.licenseStatus(3))?.status).toBe('success'),
    );
    await waitFor(() => expect(queryClient.getQueryState(cloudsKeys.cloud(3))?.status).toBe('success'));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Your cloud plan has expired.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cloud notices' })).not.toBeInTheDocument();
  });

  it('reminds an owner of a missing billing country, until dismissed', async () => {
    installFakeFetch(
      cloudServer({ me: meFixture(), cloud: cloudFixture({ billing: { address: { country: null } } }) }),
    );
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    const region = await notices();
    const reminder = within(region).getByText(
      'The billing address of this cloud has no country. Please add it in the cloud properties.',
    );
    expect(within(region).getByRole('link', { name: 'Edit cloud properties' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/edit',
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(reminder).not.toBeInTheDocument());
  });

  it('offers the free trial to an old cloud that never used a license (docs/constants.md)', async () => {
    installFakeFetch(
      cloudServer({
        me: meFixture(),
        status: licenseStatusFixture({
          licensesUsed: 0,
          freeLicensesUsed: 0,
          planPurchasedAt: daysFromNow(-200),
          planExpiresAt: daysFromNow(50),
          cloudCreatedAt: '2019-11-14T09:30:00Z',
        }),
      }),
    );
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    const region = await notices();
    expect(
      within(region).getByText('Your cloud can try the full plan free of charge before it renews.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
      'href',
      '/cloud/3/licenses',
    );
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/router.tsx';
import { cloudsKeys } from '../../features/clouds/api/keys.ts';
import { resetPlatform } from '../../platform/testing/render-platform.tsx';
import { installFakeFetch, restoreFetch } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { loadPages, renderRoutes } from '../../test-utils/render-routes.tsx';
import { cloudFixture, cloudServer } from './notice-fixtures.ts';

beforeAll(loadPages('/cloud/3/dashboard'));

const HOUR = 60 * 60 * 1000;
const QUICK_START_KEY = 'console.videoDialog.quickStart.1.3';
const PROMOTION_KEY = 'console.videoDialog.promotion.1.3';
const videos = [
  { id: 1, title: 'Getting started with the console', video_url: '/media/videos/getting-started.mp4' },
  { id: 2, title: 'Firmware updates at scale', video_url: '/media/videos/firmware-at-scale.mp4' },
];

const trialCloud = cloudFixture({ plan_type: 'trial' });
const advertisingCloud = cloudFixture({ enable_advertisement: true });

function open(cloud = trialCloud, me = meFixture(), advertised = videos) {
  const requests = installFakeFetch(cloudServer({ me, cloud, advertisement: { videos: advertised } }));
  return { ...renderRoutes(appRoutes(), '/cloud/3/dashboard'), requests };
}

async function settled(queryClient: ReturnType<typeof open>['queryClient'], key: readonly unknown[]) {
  await waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('success'));
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
}

// The frame, the dashboard and the dialog load lazily, as in the browser: loaded once before the journeys,
// the first journey's wait for its dialog is not spent compiling them.
beforeAll(() =>
  Promise.all([
    import('../app-frame.tsx'),
    import('../../features/dashboards/pages/dashboard-page.tsx'),
    import('./quick-start-dialog.tsx'),
    import('./promotion-dialog.tsx'),
  ]),
);
beforeEach(() => localStorage.clear());
afterEach(() => {
  resetPlatform();
  restoreFetch();
});

describe('quick-start video dialog (docs/roles.md, docs/constants.md)', () => {
  it('welcomes the owner of a trial cloud and remembers when it was shown', async () => {
    const before = Date.now();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Quick Start Guide' });
    expect(within(dialog).getByRole('link', { name: 'Create a site' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/sites/add',
    );
    expect(Number(localStorage.getItem(QUICK_START_KEY))).toBeGreaterThanOrEqual(before);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not shown again within 24 h, and is shown after 24 h', async () => {
    localStorage.setItem(QUICK_START_KEY, String(Date.now() - 23 * HOUR));
    const first = open();
    await settled(first.queryClient, cloudsKeys.cloud(3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    resetPlatform();
    localStorage.setItem(QUICK_START_KEY, String(Date.now() - 24 * HOUR));
    open();
    expect(await screen.findByRole('dialog', { name: 'Quick Start Guide' })).toBeInTheDocument();
  });

  it('is only for the owner of a trial cloud', async () => {
    const admin = meFixture({
      memberships: [
        { cloud_id: 3, cloud_name: 'Trial Lab', role_id: 'ROLE_ADMIN', permissions: 0, push_alerts: false },
      ],
    });
    const asAdmin = open(trialCloud, admin);
    await settled(asAdmin.queryClient, cloudsKeys.cloud(3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    resetPlatform();
    const paidPlan = open(cloudFixture());
    await settled(paidPlan.queryClient, cloudsKeys.cloud(3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('promotional video dialog (docs/constants.md)', () => {
  it('plays the first video of the advertisement list and offers the others', async () => {
    open(advertisingCloud);
    const dialog = await screen.findByRole('dialog', { name: "What's new" });
    expect(within(dialog).getByLabelText('Getting started with the console')).toHaveAttribute(
      'src',
      '/media/videos/getting-started.mp4',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Firmware updates at scale' }));
    expect(within(dialog).getByLabelText('Firmware updates at scale')).toHaveAttribute(
      'src',
      '/media/videos/firmware-at-scale.mp4',
    );
    expect(localStorage.getItem(PROMOTION_KEY)).not.toBeNull();
  });

  it('says when a video cannot be played, with a link to it, instead of a dead player', async () => {
    open(advertisingCloud);
    const dialog = await screen.findByRole('dialog', { name: "What's new" });
    fireEvent.error(within(dialog).getByLabelText('Getting started with the console'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '“Getting started with the console” could not be played here.',
    );
    expect(within(dialog).getByRole('link', { name: 'Open the video' })).toHaveAttribute(
      'href',
      '/media/videos/getting-started.mp4',
    );
    // The next video gets its own player.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Firmware updates at scale' }));
    expect(within(dialog).getByLabelText('Firmware updates at scale').tagName).toBe('VIDEO');
  });

  it('is shown again only after 24 h', async () => {
    localStorage.setItem(PROMOTION_KEY, String(Date.now() - 2 * HOUR));
    const recent = open(advertisingCloud);
    await settled(recent.queryClient, cloudsKeys.advertisement(3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    resetPlatform();
    localStorage.setItem(PROMOTION_KEY, String(Date.now() - 25 * HOUR));
    open(advertisingCloud);
    expect(await screen.findByRole('dialog', { name: "What's new" })).toBeInTheDocument();
  });

  it('is not shown to members who do not manage licenses, nor without videos', async () => {
    const guest = meFixture({
      memberships: [
        {
          cloud_id: 3,
          cloud_name: 'Demo Networks',
          role_id: 'ROLE_GUEST',
          permissions: 0,
          push_alerts: false,
        },
      ],
    });
    const asGuest = open(advertisingCloud, guest);
    await settled(asGuest.queryClient, cloudsKeys.cloud(3));
    expect(asGuest.requests.map((request) => request.path)).not.toContain(
      '/apiv2/cloud/3/addons/advertisement',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    resetPlatform();
    const noVideos = open(advertisingCloud, meFixture(), []);
    await settled(noVideos.queryClient, cloudsKeys.advertisement(3));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(PROMOTION_KEY)).toBeNull();
  });
});

// Web tests of the top bar and pickers: a scripted server for their calls and the bar in a router.
import type { CloudSummary, Invitation } from '../../../core/api/clouds.ts';
import type { SiteGrouping, SiteOption } from '../../../core/api/sites.ts';
import type { Me } from '../../features/auth/index.ts';
import { type FakeRequest, installFakeFetch, jsonResponse } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../test-utils/render-routes.tsx';
import { TopBar } from '../top-bar.tsx';

export interface FakeShellData {
  me: Me;
  clouds: CloudSummary[];
  invitations: Invitation[];
  unreadInvitationCount: number;
  notViewedTotal: number;
  sites: SiteOption[];
  groupings: SiteGrouping[];
  activeGroupingId: number | null;
}

export function cloudSummary(id: number, name: string): CloudSummary {
  return { id, name, company: '', plan_type: 'intro', role_id: 'ROLE_OWNER', suspended: false };
}

export function invitation(cloudId: number, cloudName: string, invitedBy: string | null): Invitation {
  return {
    id: cloudId * 10,
    cloud_id: cloudId,
    cloud_name: cloudName,
    company: `${cloudName} Ltd`,
    invited_by: invitedBy,
    state: 'REGISTRATION_PENDING',
  };
}

export function namedSites(count: number, prefix = 'Site'): SiteOption[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `${prefix} ${String(index + 1).padStart(3, '0')}`,
  }));
}

export function fakeShellData(overrides: Partial<FakeShellData> = {}): FakeShellData {
  return {
    me: meFixture(),
    clouds: [cloudSummary(3, 'Demo Networks'), cloudSummary(4, 'Harbour Wireless')],
    invitations: [],
    unreadInvitationCount: 0,
    notViewedTotal: 0,
    sites: namedSites(3),
    groupings: [],
    activeGroupingId: null,
    ...overrides,
  };
}

function groupingAnswer(data: FakeShellData) {
  const active = data.groupings.find((grouping) => grouping.id === data.activeGroupingId);
  return {
    userCloudFilter: { id: active?.id ?? null, name: active?.name ?? null },
    siteGroupings: data.groupings,
    backend_filter: false,
  };
}

/** Answers the shell's calls from `data`, which tests may change; returns the requests received. */
export function installShellServer(data: FakeShellData, extra?: (request: FakeRequest) => Response | null) {
  return installFakeFetch((request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    const { method, path, query } = request;
    const body = request.body as Record<string, number> | undefined;
    if (method === 'GET' && path === '/apiv2/auth/me') return jsonResponse(200, data.me);
    if (method === 'GET' && path === '/apiv2/clouds')
      return jsonResponse(200, { clouds: data.clouds, invitations: data.invitations });
    if (method === 'GET' && path === '/apiv2/user/unread-invitations')
      return jsonResponse(200, { unreadInvitationCount: data.unreadInvitationCount });
    if (
      method === 'POST' &&
      (path === '/apiv2/user/membership/join' || path === '/apiv2/user/membership/decline')
    ) {
      const found = data.invitations.find((entry) => entry.cloud_id === body?.cloudId);
      if (!found) return jsonResponse(404, { message: 'No pending invitation to this cloud.' });
      data.invitations = data.invitations.filter((entry) => entry !== found);
      data.unreadInvitationCount = data.invitations.length;
      if (path.endsWith('/join'))
        data.clouds = [...data.clouds, cloudSummary(found.cloud_id, found.cloud_name)];
      return jsonResponse(200, { ok: true });
    }
    if (method === 'GET' && /^\/apiv2\/cloud\/\d+\/recent-alerts-totals$/.test(path))
      return jsonResponse(200, { notViewedTotal: data.notViewedTotal });
    if (method === 'GET' && path === '/apiv2/cloud/3/sites-select') {
      const filter = (query.get('filter') ?? '').toLowerCase();
      const limit = Number(query.get('limit'));
      return jsonResponse(200, {
        sites: data.sites.filter((site) => site.name.toLowerCase().includes(filter)).slice(0, limit),
      });
    }
    if (method === 'GET' && path === '/apiv2/cloud/3/site-filters-select')
      return jsonResponse(200, groupingAnswer(data));
    if (method === 'POST' && path === '/apiv2/cloud/3/site-filters-select') {
      data.activeGroupingId = body?.siteFilterId ?? null;
      return jsonResponse(200, groupingAnswer(data));
    }
    if (method === 'DELETE' && path === '/apiv2/cloud/3/site-filters-select') {
      data.activeGroupingId = null;
      return jsonResponse(200, groupingAnswer(data));
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

/** The top bar alone on a cloud page, with a page for every address it links to. */
export function renderTopBar(me: Me, cloudId: number | null = 3, address = '/cloud/3/dashboard') {
  return renderRoutes(
    [{ path: '*', element: <TopBar me={me} cloudId={cloudId} onOpenNavigation={null} /> }],
    address,
  );
}

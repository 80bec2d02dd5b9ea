import type { QueryClient } from '@tanstack/react-query';
import { type Me, meQueryOptions } from '../features/auth/index.ts';

export function meFixture(overrides: Partial<Me> = {}): Me {
  return {
    user: {
      id: 1,
      firstname: 'Olivia',
      lastname: 'Owner',
      email: 'owner@demo.example',
      timezone: 'UTC',
      preferredLanguage: 'en',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: 'HH:mm',
      measurementUnits: 'METRIC',
      subscribeNewsletter: false,
      supportTools: false,
      isAdministrator: false,
      email_verified: true,
      pending_email: null,
    },
    memberships: [
      { cloudId: 3, cloudName: 'Demo Networks', roleId: 'ROLE_OWNER', permissions: 15, pushAlerts: false },
      { cloudId: 4, cloudName: 'Harbour Wireless', roleId: 'ROLE_ADMIN', permissions: 8, pushAlerts: false },
    ],
    defaultCloudId: 3,
    theme: {
      productName: 'Demo Console',
      logoUrl: null,
      primaryColor: null,
      newsEnabled: true,
      addonsEnabled: true,
      supportToolsEnabled: true,
      privacyPolicyUrl: null,
      helpUrl: null,
      pathAnalysisUrl: '/v2/cloud/{cloudId}/linqpath',
    },
    appVersion: '0.0.0-dev',
    ...overrides,
  };
}

/** Signs the fixture's user in for a test: the answer of GET /apiv2/auth/me, already cached. */
export function cacheMeFixture(queryClient: QueryClient, overrides: Partial<Me> = {}) {
  queryClient.setQueryData(meQueryOptions().queryKey, meFixture(overrides));
}

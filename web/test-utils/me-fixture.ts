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
      preferred_language: 'en',
      date_format: 'YYYY-MM-DD',
      time_format: 'HH:mm',
      measurement_units: 'METRIC',
      subscribe_newsletter: false,
      support_tools: false,
      is_administrator: false,
      email_verified: true,
      pending_email: null,
    },
    memberships: [
      {
        cloud_id: 3,
        cloud_name: 'Demo Networks',
        role_id: 'ROLE_OWNER',
        permissions: 15,
        push_alerts: false,
      },
      {
        cloud_id: 4,
        cloud_name: 'Harbour Wireless',
        role_id: 'ROLE_ADMIN',
        permissions: 8,
        push_alerts: false,
      },
    ],
    default_cloud_id: 3,
    theme: {
      product_name: 'Demo Console',
      logo_url: null,
      favicon_url: null,
      primary_color: null,
      news_enabled: true,
      addons_enabled: true,
      support_tools_enabled: true,
      privacy_policy_url: null,
      help_url: null,
      sign_in_text: null,
      path_analysis_url: '/v2/cloud/{cloudId}/linqpath',
    },
    map_tiles: {
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution_text: '© OpenStreetMap contributors',
      attribution_url: 'https://www.openstreetmap.org/copyright',
    },
    app_version: '0.0.0-dev',
    ...overrides,
  };
}

/** Signs the fixture's user in for a test: the answer of GET /apiv2/auth/me, already cached. */
export function cacheMeFixture(queryClient: QueryClient, overrides: Partial<Me> = {}) {
  queryClient.setQueryData(meQueryOptions().queryKey, meFixture(overrides));
}

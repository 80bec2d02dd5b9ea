// The access table's rows for members and invitations (docs/roles.md), the links that open before anyone
// signs in, the change log and the notification settings.
import { cloudUrl, member, nextUnique, spare } from './access-rows.ts';
import type { Call } from './access-rules.ts';

export const MEMBER_CALLS: Call[] = [
  { method: 'GET', url: cloudUrl('/users'), rule: member('manage_users') },
  // Each changing call takes a spare Guest or invitation of its own.
  // A cloud token changes members and invitations as the member it stands for; the change log names it.
  {
    method: 'PATCH',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/users/${spare(f.spareMembers)}`,
    rule: member('manage_users'),
    body: () => ({ role_id: 'ROLE_GUEST', permissions: 1 }),
  },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/users/${spare(f.spareMembers)}`,
    rule: member('manage_users'),
  },
  { method: 'GET', url: cloudUrl('/invitations'), rule: member('manage_users') },
  {
    method: 'POST',
    url: cloudUrl('/invitations'),
    rule: member('manage_users'),
    body: () => ({ email: `table${nextUnique()}@invited.example`, role_id: 'ROLE_GUEST', permissions: 0 }),
  },
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/invitations/${spare(f.spareInvitations)}/resend`,
    rule: member('manage_users'),
  },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/invitations/${spare(f.spareInvitations)}`,
    rule: member('manage_users'),
  },
  // The invitation page asks before anyone signs in; an unknown link is 404 whoever asks.
  {
    method: 'GET',
    url: () => '/apiv2/invitations/lookup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    rule: { kind: 'public', status: 404 },
  },
  {
    method: 'GET',
    url: () => '/apiv2/auth/password-reset/lookup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    rule: { kind: 'public', status: 404 },
  },
  {
    method: 'GET',
    url: () => '/apiv2/auth/email-change/lookup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    rule: { kind: 'public', status: 404 },
  },
  { method: 'GET', url: cloudUrl('/change-log'), rule: member('manage_users') },
  { method: 'GET', url: cloudUrl('/change-log/export'), rule: member('manage_users') },
  { method: 'GET', url: cloudUrl('/notification-settings'), rule: member('manage_sites') },
  {
    method: 'PUT',
    url: cloudUrl('/notification-settings'),
    rule: member('manage_sites'),
    body: () => ({
      types: [
        {
          alert_type: 'DEV_REBOOT',
          push: { everyone: true, user_ids: [] },
          email: { everyone: true, user_ids: [] },
        },
      ],
    }),
  },
  ...(['assigned', 'other'] as const).flatMap((site): Call[] => [
    {
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/site/${f.sites[site].id}/notification-settings`,
      rule: { kind: 'siteAction', site },
    },
    {
      method: 'PUT',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/site/${f.sites[site].id}/notification-settings`,
      rule: { kind: 'siteAction', site },
      body: () => ({ types: [{ alert_type: 'DEV_REBOOT', follows_cloud: true }] }),
    },
  ]),
];

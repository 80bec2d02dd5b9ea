// The access table's rows for the platform administrators' calls: the error-report list and the Admin
// Panel (/apiv2/admin). Each answers a platform administrator only (and of API tokens, only their personal
// token with the admin scope: docs/api-tokens.md).
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

const platformAdmin: Rule = { kind: 'platformAdmin' };
/** The fixture's news post and video; placeholders when the test is named. */
const contentOf = (f: RoleCloud): Partial<RoleCloud['platformContent']> => f.platformContent ?? {};
const newsPostUrl = (path: string) => (f: RoleCloud) =>
  `/apiv2/admin/news-posts/${contentOf(f).newsPostUuid ?? ':uuid'}${path}`;
const videoUrl = (f: RoleCloud) => `/apiv2/admin/videos/${contentOf(f).videoId ?? ':id'}`;
/** An unused spare for a deleting row, as each caller allowed deletes one; the placeholder when named. */
const spare = <T>(ids: T[] | undefined, placeholder: string) => ids?.shift() ?? placeholder;

export const PLATFORM_CALLS: Call[] = [
  { method: 'GET', url: () => '/apiv2/error-reports', rule: platformAdmin },
  { method: 'GET', url: () => '/apiv2/admin/users', rule: platformAdmin },
  {
    method: 'POST',
    url: (f) => `/apiv2/admin/users/${f.outsiderId ?? ':userId'}/password-reset`,
    rule: platformAdmin,
  },
  // The person's address is set to the one they have: nothing changes for the other rows.
  {
    method: 'PUT',
    url: (f) => `/apiv2/admin/users/${f.outsiderId ?? ':userId'}/email`,
    rule: platformAdmin,
    body: (f) => ({ email: f.outsiderEmail }),
  },
  { method: 'GET', url: () => '/apiv2/admin/clouds', rule: platformAdmin },
  // Suspension changes no answer of the other rows; it is lifted at once.
  { method: 'POST', url: (f) => `/apiv2/admin/clouds/${f.cloud.id}/suspend`, rule: platformAdmin },
  { method: 'POST', url: (f) => `/apiv2/admin/clouds/${f.cloud.id}/unsuspend`, rule: platformAdmin },
  { method: 'GET', url: () => '/apiv2/admin/news-posts', rule: platformAdmin },
  {
    method: 'POST',
    url: () => '/apiv2/admin/news-posts',
    rule: platformAdmin,
    body: () => ({
      title: 'Table post',
      text: 'Hello',
      url: 'https://news.test.example/table/',
      inbox: true,
    }),
  },
  {
    method: 'PATCH',
    url: newsPostUrl(''),
    rule: platformAdmin,
    body: () => ({ title: 'Table post, edited' }),
  },
  { method: 'POST', url: newsPostUrl('/publish'), rule: platformAdmin },
  { method: 'POST', url: newsPostUrl('/unpublish'), rule: platformAdmin },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/admin/news-posts/${spare(contentOf(f).spareNewsPosts, ':uuid')}`,
    rule: platformAdmin,
  },
  { method: 'GET', url: () => '/apiv2/admin/videos', rule: platformAdmin },
  {
    method: 'POST',
    url: () => '/apiv2/admin/videos',
    rule: platformAdmin,
    body: () => ({ title: 'Table video', video_url: '/media/videos/table.webm' }),
  },
  { method: 'PATCH', url: videoUrl, rule: platformAdmin, body: () => ({ active: false }) },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/admin/videos/${spare(contentOf(f).spareVideos, ':id')}`,
    rule: platformAdmin,
  },
];

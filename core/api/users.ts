// Schemas of the cloud's member list (docs/entities.md User and User-cloud, docs/roles.md manage_users), shared by server and
// web app.
import { type Static, Type } from 'typebox';
import { ALL_CLOUD_PERMISSIONS, INVITATION_STATES, ROLES, SITE_PERMISSIONS } from '../domain.ts';
import { LinkToken } from './account.ts';
import { closed } from './closed.ts';
import { ListPage } from './list-query.ts';

/** A member of the cloud. */
export const UserListItem = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  role_id: Type.Enum(ROLES),
});
export type UserListItem = Static<typeof UserListItem>;

/** GET /apiv2/cloud/:cloudId/users: members by name, then email, with what each may do. */
export const UserListResponse = ListPage(
  Type.Intersect([
    UserListItem,
    Type.Object({
      permissions: Type.Integer(),
      sites: Type.Array(
        Type.Object({ site_id: Type.Integer(), name: Type.String(), permissions: Type.Array(Type.String()) }),
      ),
    }),
  ]),
);
export type UserListResponse = Static<typeof UserListResponse>;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** A Site User's site with the site permissions given there. */
export const SiteGrant = Type.Object(
  {
    site_id: Id,
    permissions: Type.Array(Type.Enum(SITE_PERMISSIONS), {
      maxItems: SITE_PERMISSIONS.length,
      uniqueItems: true,
    }),
  },
  closed,
);
export type SiteGrant = Static<typeof SiteGrant>;
/** Roles a member can be given; ownership only moves by transfer. */
export const GRANTABLE_ROLES = ['ROLE_ADMIN', 'ROLE_GUEST', 'ROLE_USER'] as const;
const Grant = {
  role_id: Type.Enum(GRANTABLE_ROLES),
  /** docs/roles.md cloud permission bits (manage_licenses 1, manage_snvr 2, manage_vpc 4, manage_sites 8). */
  permissions: Type.Integer({ minimum: 0, maximum: ALL_CLOUD_PERMISSIONS }),
  /** Only for Site Users: the sites they see. */
  sites: Type.Optional(Type.Array(SiteGrant, { maxItems: 1000 })),
};

export type MemberDetail = UserListResponse['items'][number];

export const MemberUpdateBody = Type.Object(Grant, {
  ...closed,
  // The API document's example (docs/api.md#examples): a Site User of two sites.
  examples: [
    {
      role_id: 'ROLE_USER',
      permissions: 0,
      sites: [
        { site_id: 12, permissions: ['read_device', 'read_site', 'rename_device'] },
        { site_id: 14, permissions: ['read_device', 'read_site'] },
      ],
    },
  ],
});
export type MemberUpdateBody = Static<typeof MemberUpdateBody>;

export const InviteBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
    ...Grant,
  },
  // docs/api.md#examples: an administrator who may also manage sites (bit 8, docs/roles.md).
  { ...closed, examples: [{ email: 'ona.petraite@example.com', role_id: 'ROLE_ADMIN', permissions: 8 }] },
);
export type InviteBody = Static<typeof InviteBody>;

/** An invitation as the inviting cloud sees it; the state's text is docs/entities.md's. */
export const InvitationItem = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role_id: Type.Enum(ROLES),
  /** EXPIRED once past expires_at without an answer. */
  state: Type.Enum(INVITATION_STATES),
  invited_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  expires_at: Type.String(),
});
export type InvitationItem = Static<typeof InvitationItem>;
export const InvitationListResponse = ListPage(InvitationItem);
export type InvitationListResponse = Static<typeof InvitationListResponse>;

/** What became of the invitation mail: sent, no SMTP server configured, or the server refused it. */
export const INVITATION_MAIL = ['sent', 'not_configured', 'failed'] as const;
export type InvitationMail = (typeof INVITATION_MAIL)[number];

/** After inviting or resending: whether the mail went out, or else the link to pass on. */
export const InvitationSent = Type.Object({
  invitation: InvitationItem,
  mail: Type.Enum(INVITATION_MAIL),
  /** Only when no mail went out: whoever opens it can join (and create an account). */
  link: Type.Union([Type.String(), Type.Null()]),
});
export type InvitationSent = Static<typeof InvitationSent>;

/** What the invitation page shows before the person answers. */
export const InvitationLookup = Type.Object({
  email: Type.String(),
  cloud_name: Type.String(),
  invited_by: Type.Union([Type.String(), Type.Null()]),
  /** An account with this email exists: the person logs in and joins instead of creating one. */
  account_exists: Type.Boolean(),
});
export type InvitationLookup = Static<typeof InvitationLookup>;

export const AcceptInvitationBody = Type.Object(
  {
    token: LinkToken,
    firstname: Type.String({ minLength: 1, maxLength: 100 }),
    lastname: Type.String({ maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  {
    ...closed,
    examples: [
      {
        token: 'Kx3vQ9mT2pL8wR4nB7yC1dF6',
        firstname: 'Ona',
        lastname: 'Petraitė',
        password: 'plum-harbour-lantern-42',
      },
    ],
  },
);
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

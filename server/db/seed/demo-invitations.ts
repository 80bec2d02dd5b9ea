import { CLOUD_PERMISSION, type InvitationState, type RoleId } from '../../../core/domain.ts';
import type { Database } from '../connect.ts';
import { invitations } from '../schema/clouds.ts';
import { ACCOUNTS, type SeededUsers } from './demo-accounts.ts';
import { DEMO_CLOUD, PARTNER_CLOUDS, type SeededCloud } from './demo-clouds.ts';
import { insertRows } from './insert.ts';
import { daysAgo, shift } from './time.ts';

// Demo Networks' own invitations show every state of docs/entities.md in user management.
const DEMO_INVITATIONS: readonly (readonly [
  email: string,
  state: InvitationState,
  role: RoleId,
  ageDays: number,
])[] = [
  ['new.hire@demo.example', 'REGISTRATION_PENDING', 'ROLE_GUEST', 1],
  ['field@demo.example', 'REGISTERED', 'ROLE_USER', 200],
  ['contractor@demo.example', 'EXPIRED', 'ROLE_USER', 45],
  ['auditor@demo.example', 'INVITATION_DECLINED', 'ROLE_GUEST', 20],
];

/** The owner's two pending invitations from the partner, and Demo Networks' invitations. */
export async function seedInvitations(
  db: Database,
  accounts: SeededUsers,
  clouds: readonly SeededCloud[],
  now: Date,
): Promise<void> {
  const cloudId = (name: string) => clouds.find((cloud) => cloud.name === name)?.id as number;
  await insertRows(db, invitations, [
    ...PARTNER_CLOUDS.map((name, index) => ({
      cloudId: cloudId(name),
      email: ACCOUNTS.owner.email,
      invitedByUserId: accounts.partner,
      roleId: index === 0 ? ('ROLE_ADMIN' as const) : ('ROLE_GUEST' as const),
      permissions: index === 0 ? CLOUD_PERMISSION.manage_sites : 0,
      state: 'REGISTRATION_PENDING' as const,
      expiresAt: shift(now, { days: 12 + index * 5 }),
      createdAt: daysAgo(now, 2 + index * 5),
    })),
    ...DEMO_INVITATIONS.map(([email, state, roleId, ageDays]) => ({
      cloudId: cloudId(DEMO_CLOUD),
      email,
      invitedByUserId: accounts.owner,
      roleId,
      state,
      readAt: state === 'REGISTRATION_PENDING' ? null : daysAgo(now, ageDays - 1),
      expiresAt: shift(now, { days: 14 - ageDays }),
      createdAt: daysAgo(now, ageDays),
    })),
  ]);
}

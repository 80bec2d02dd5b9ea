import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationSent, MemberDetail } from '../../../../core/api/users.ts';
import type { SitePermission } from '../../../../core/domain.ts';
import { mayManageMember } from '../../../../core/grants.ts';
import { type Access, can } from '../../../../core/policy.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListPageFrame } from '../../../platform/list-page/list-page-frame.tsx';
import { useListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { roleLabelKey } from '../../../platform/list-page/role-labels.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useUsers } from '../api/get-users.ts';
import { useInvite } from '../api/invitations.ts';
import { useMemberChange } from '../api/member-changes.ts';
import { InvitationLinkDialog } from '../components/invitation-link-dialog.tsx';
import { InvitationsSection } from '../components/invitations-section.tsx';
import { MemberDialog } from '../components/member-dialog.tsx';
import type { GrantableRole, MemberGrant } from '../components/member-form.tsx';

const NEW_MEMBER: MemberGrant = { roleId: 'ROLE_GUEST', permissions: 0, sites: [] };
const body = (grant: MemberGrant) => ({
  role_id: grant.roleId,
  permissions: grant.permissions,
  sites:
    grant.roleId === 'ROLE_USER'
      ? grant.sites.map(({ siteId, permissions }) => ({
          site_id: siteId,
          permissions: [...permissions] as SitePermission[],
        }))
      : undefined,
});

/** A member's sites under the names the web app's grants use. */
const sitesOf = (member: MemberDetail) =>
  member.sites.map((site) => ({ siteId: site.site_id, name: site.name, permissions: site.permissions }));

/**
 * docs/navigation.md#routes /v2/cloud/{cloudId}/users?search=: the cloud's members with what they may do, and its
 * invitations, for callers with manage_users (docs/roles.md). The owner alone hands over ownership.
 */
export function UsersListPage() {
  const { t } = useTranslation();
  const list = useListPageParams('users');
  const me = useCachedMe();
  const membership = me?.memberships.find((candidate) => candidate.cloud_id === list.cloudId);
  const allowed = membership !== undefined && can(accessOf(membership), 'manage_users');
  const result = useUsers(list.cloudId, list.params, allowed);
  const invite = useInvite(list.cloudId);
  const change = useMemberChange(list.cloudId);
  const [dialog, setDialog] = useState<{ kind: 'invite' } | { kind: 'edit'; member: MemberDetail } | null>(
    null,
  );
  const [link, setLink] = useState<InvitationSent | null>(null);
  if (!allowed) {
    return (
      <PageSection routeKey="users">
        <NotAllowed />
      </PageSection>
    );
  }
  const isOwner = membership.role_id === 'ROLE_OWNER';
  const memberAccess = (user: MemberDetail): Access => ({
    roleId: user.role_id,
    permissions: user.permissions,
    sites: sitesOf(user),
  });
  // Members who hold more than the caller are theirs to change only for someone who holds as much.
  const manageable = (user: MemberDetail) =>
    user.role_id !== 'ROLE_OWNER' &&
    user.id !== me?.user.id &&
    mayManageMember(accessOf(membership), memberAccess(user));
  const nameOf = (user: MemberDetail) => `${user.firstname} ${user.lastname}`.trim() || user.email;
  const sent = (answer: InvitationSent) => {
    setDialog(null);
    if (answer.link) setLink(answer);
    else showMessage({ content: t('users.invite.mailed', { email: answer.invitation.email }) });
  };
  const ask = async (kind: 'remove' | 'transfer', user: MemberDetail) => {
    const confirmed = await confirmDialog({
      title: kind === 'remove' ? t('users.remove.title') : t('users.transfer.title'),
      content: t(kind === 'remove' ? 'users.remove.content' : 'users.transfer.content', {
        name: nameOf(user),
      }),
      confirmLabel: kind === 'remove' ? t('users.remove.confirm') : t('users.transfer.confirm'),
    });
    if (confirmed) change.mutate({ kind, userId: user.id });
  };

  const columns: ListColumn<MemberDetail>[] = [
    {
      id: 'name',
      header: t('users.column.name'),
      cell: (user) => `${user.firstname} ${user.lastname}`.trim(),
    },
    { id: 'email', header: t('users.column.email'), cell: (user) => user.email },
    {
      id: 'role',
      header: t('users.column.role'),
      from: 'sm',
      cell: (user) =>
        user.role_id === 'ROLE_USER'
          ? t('users.role.siteUserOf', { count: user.sites.length, role: t(roleLabelKey(user.role_id)) })
          : t(roleLabelKey(user.role_id)),
    },
    {
      id: 'actions',
      header: t('users.column.actions'),
      cell: (user) =>
        !manageable(user) ? null : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            <Button
              size="small"
              aria-label={t('users.edit.label', { name: nameOf(user) })}
              onClick={() => setDialog({ kind: 'edit', member: user })}
            >
              {t('users.edit.action')}
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={t('users.remove.label', { name: nameOf(user) })}
              onClick={() => ask('remove', user)}
            >
              {t('users.remove.action')}
            </Button>
            {isOwner && (
              <Button
                size="small"
                aria-label={t('users.transfer.label', { name: nameOf(user) })}
                onClick={() => ask('transfer', user)}
              >
                {t('users.transfer.action')}
              </Button>
            )}
          </Box>
        ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 4, minWidth: 0 }}>
      <ListPageFrame
        searchLabel={t('users.list.search')}
        list={list}
        result={result}
        columns={columns}
        rowKey={(user) => user.id}
        actions={
          <Button variant="contained" onClick={() => setDialog({ kind: 'invite' })}>
            {t('users.invite.action')}
          </Button>
        }
      />
      <InvitationsSection cloudId={list.cloudId} onSent={setLink} />
      {dialog?.kind === 'invite' && (
        <MemberDialog
          cloudId={list.cloudId}
          granter={accessOf(membership)}
          title={t('users.invite.title')}
          submitLabel={t('users.invite.submit')}
          askEmail
          initial={NEW_MEMBER}
          pending={invite.isPending}
          error={invite.error}
          onSubmit={(grant, email) => invite.mutate({ email, ...body(grant) }, { onSuccess: sent })}
          onClose={() => {
            invite.reset();
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <MemberDialog
          cloudId={list.cloudId}
          granter={accessOf(membership)}
          title={t('users.edit.title', { name: nameOf(dialog.member) })}
          submitLabel={t('users.edit.submit')}
          askEmail={false}
          initial={{
            roleId: dialog.member.role_id as GrantableRole,
            permissions: dialog.member.permissions,
            sites: sitesOf(dialog.member),
          }}
          pending={change.isPending}
          error={change.error}
          onSubmit={(grant) =>
            change.mutate(
              { kind: 'update', userId: dialog.member.id, body: body(grant) },
              { onSuccess: () => setDialog(null) },
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
      {link && <InvitationLinkDialog sent={link} onClose={() => setLink(null)} />}
    </Box>
  );
}

// The cloud's invitations with their state (docs/entities.md texts), sending again and revoking.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationItem, InvitationSent } from '../../../../core/api/users.ts';
import type { InvitationState } from '../../../../core/domain.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { roleLabelKey } from '../../../platform/list-page/role-labels.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { DateTime } from '../../account/index.ts';
import { useInvitationChange, useInvitations } from '../api/invitations.ts';

// docs/entities.md Invitation states.
const STATE_KEYS = {
  INVITATION_DECLINED: 'users.invitationState.declined',
  REGISTRATION_PENDING: 'users.invitationState.pending',
  REGISTERED: 'users.invitationState.registered',
  EXPIRED: 'users.invitationState.expired',
} as const satisfies Record<InvitationState, string>;

const TITLE_ID = 'invitations-title';

export function InvitationsSection(props: {
  readonly cloudId: number;
  readonly onSent: (sent: InvitationSent) => void;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const result = useInvitations(props.cloudId, offset);
  const change = useInvitationChange(props.cloudId);
  const sent = (answer: InvitationSent) => {
    if (answer.link) props.onSent(answer);
    else showMessage({ content: t('users.invite.mailed', { email: answer.invitation.email }) });
  };
  const revoke = async (invitation: InvitationItem) => {
    const confirmed = await confirmDialog({
      title: t('users.revoke.title'),
      content: t('users.revoke.content', { email: invitation.email }),
      confirmLabel: t('users.revoke.confirm'),
    });
    if (confirmed) change.mutate({ kind: 'revoke', invitationId: invitation.id });
  };
  const columns: ListColumn<InvitationItem>[] = [
    { id: 'email', header: t('users.column.email'), cell: (invitation) => invitation.email },
    { id: 'state', header: t('users.column.state'), cell: (invitation) => t(STATE_KEYS[invitation.state]) },
    {
      id: 'role',
      header: t('users.column.role'),
      from: 'sm',
      cell: (invitation) => t(roleLabelKey(invitation.role_id)),
    },
    {
      id: 'by',
      header: t('users.column.invitedBy'),
      from: 'md',
      cell: (invitation) => invitation.invited_by ?? '',
    },
    {
      id: 'expires',
      header: t('users.column.expires'),
      from: 'md',
      nowrap: true,
      cell: (invitation) => <DateTime iso={invitation.expires_at} />,
    },
    {
      id: 'actions',
      header: t('users.column.actions'),
      cell: (invitation) =>
        invitation.state === 'REGISTERED' ? null : (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Button
              size="small"
              disabled={change.isPending}
              aria-label={t('users.resend.label', { email: invitation.email })}
              onClick={() =>
                change.mutate(
                  { kind: 'resend', invitationId: invitation.id },
                  { onSuccess: (answer) => answer && sent(answer) },
                )
              }
            >
              {t('users.resend.action')}
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={t('users.revoke.label', { email: invitation.email })}
              onClick={() => revoke(invitation)}
            >
              {t('users.revoke.action')}
            </Button>
          </Box>
        ),
    },
  ];
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('users.invitations.title')}
      </Typography>
      <ListResults
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('users.invitations.empty')}
        columns={columns}
        rowKey={(invitation) => invitation.id}
        labelledBy={TITLE_ID}
      />
    </Box>
  );
}

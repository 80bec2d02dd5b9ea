// docs/navigation.md#top-bar-panels cloud menu: pending invitations, each accepted or declined where it is listed.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '../../../core/api/clouds.ts';
import { useDeclineInvitation, useJoinCloud } from '../../features/clouds/index.ts';

function InvitationItem({
  invitation,
  onJoined,
}: {
  readonly invitation: Invitation;
  readonly onJoined: (invitation: Invitation) => void;
}) {
  const { t } = useTranslation();
  const join = useJoinCloud();
  const decline = useDeclineInvitation();
  const busy = join.isPending || decline.isPending;
  const cloudName = invitation.cloud_name;
  const cloudId = invitation.cloud_id;

  // Failures reach the app's error policy through the mutation cache.
  const accept = () =>
    join.mutateAsync(cloudId).then(
      () => onJoined(invitation),
      () => undefined,
    );

  return (
    <Box component="li" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }}>{cloudName}</Typography>
      {invitation.company && (
        <Typography variant="body2" color="text.secondary">
          {invitation.company}
        </Typography>
      )}
      {invitation.invited_by && (
        <Typography variant="body2" color="text.secondary">
          {t('shell.cloudMenu.invitedBy', { name: invitation.invited_by })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          aria-label={t('shell.cloudMenu.acceptInvitation', { cloudName })}
          onClick={() => void accept()}
        >
          {t('shell.cloudMenu.accept')}
        </Button>
        <Button
          size="small"
          disabled={busy}
          aria-label={t('shell.cloudMenu.declineInvitation', { cloudName })}
          onClick={() => decline.mutate(cloudId)}
        >
          {t('shell.cloudMenu.decline')}
        </Button>
      </Box>
    </Box>
  );
}

export function Invitations({
  invitations,
  onJoined,
}: {
  readonly invitations: readonly Invitation[];
  readonly onJoined: (invitation: Invitation) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (invitations.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ bgcolor: 'action.hover' }}>
      <Typography id={headingId} component="h2" variant="overline" sx={{ px: 2, pt: 1, display: 'block' }}>
        {t('shell.cloudMenu.invitations')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {invitations.map((invitation) => (
          <InvitationItem key={invitation.id} invitation={invitation} onJoined={onJoined} />
        ))}
      </Box>
    </Box>
  );
}

// "Remote web access" on a device's or a recorder's dashboard (docs/remote-access.md): the member picks how
// long, and the device's own web page opens in a new tab at the tunnel's own host. The tab is opened at
// the click, before the console answers, so that no pop-up blocker takes it for an unasked window.
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TUNNEL_DURATIONS } from '../../../../core/api/tunnels.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { type TunnelTarget, useOpenTunnel } from '../api/open-tunnel.ts';

const DURATION_KEYS = {
  15: 'tunnels.duration.m15',
  30: 'tunnels.duration.m30',
  60: 'tunnels.duration.h1',
  120: 'tunnels.duration.h2',
  240: 'tunnels.duration.h4',
  480: 'tunnels.duration.h8',
} as const satisfies Record<(typeof TUNNEL_DURATIONS)[number], string>;

interface RemoteAccessButtonProps {
  readonly cloudId: number;
  readonly target: TunnelTarget;
  /** Why it cannot be opened now (the device is offline): the button says so, disabled. */
  readonly refused?: string | null;
}

export function RemoteAccessButton({ cloudId, target, refused = null }: RemoteAccessButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [duration, setDuration] = useState<number>(60);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const openTunnel = useOpenTunnel(cloudId, target);
  const formId = useId();

  const submit = () => {
    // A blank tab now, while the click still counts as the member's; it goes to the tunnel once it is open.
    const tab = window.open('about:blank', '_blank');
    openTunnel.mutate(duration, {
      onSuccess: ({ url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
          setOpen(false);
          showMessage({ content: t('tunnels.remote.opened') });
        } else setBlockedUrl(url);
      },
      onError: () => tab?.close(),
    });
  };

  const button = (
    <Button
      variant="outlined"
      startIcon={<OpenInNewIcon />}
      disabled={refused !== null}
      aria-description={refused ?? undefined}
      onClick={() => {
        setBlockedUrl(null);
        setOpen(true);
      }}
    >
      {t('tunnels.remote.button')}
    </Button>
  );
  return (
    <>
      {refused === null ? (
        button
      ) : (
        <Tooltip title={refused}>
          {/* A disabled button takes no pointer events: the span carries its tooltip. */}
          <span>{button}</span>
        </Tooltip>
      )}
      {open && (
        <ModalShell
          open
          title={t('tunnels.remote.title')}
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button onClick={() => setOpen(false)}>{t('platform.dialogs.cancel')}</Button>
              <Button type="submit" form={formId} variant="contained" disabled={openTunnel.isPending}>
                {t('tunnels.remote.open')}
              </Button>
            </>
          }
        >
          <form
            id={formId}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <Typography>{t('tunnels.remote.intro')}</Typography>
              <TextField
                select
                label={t('tunnels.remote.duration')}
                value={duration}
                onChange={(event) => setDuration(Number(event.target.value))}
              >
                {TUNNEL_DURATIONS.map((minutes) => (
                  <MenuItem key={minutes} value={minutes}>
                    {t(DURATION_KEYS[minutes])}
                  </MenuItem>
                ))}
              </TextField>
              {blockedUrl && (
                <Typography role="status">
                  {t('tunnels.remote.blocked')}{' '}
                  <Link href={blockedUrl} target="_blank" rel="noopener noreferrer">
                    {t('tunnels.remote.openLink')}
                  </Link>
                </Typography>
              )}
            </Box>
          </form>
        </ModalShell>
      )}
    </>
  );
}

// Rotating a token: a new secret, the old one still working for the grace period chosen.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenItem } from '../../../../core/api/api-tokens.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';

/** Grace periods offered, in hours: none, an hour, a day, a week (the longest). */
const GRACE_HOURS = [0, 1, 24, 168] as const;
const GRACE_KEYS = {
  0: 'apiTokens.rotate.graceNone',
  1: 'apiTokens.rotate.graceHour',
  24: 'apiTokens.rotate.graceDay',
  168: 'apiTokens.rotate.graceWeek',
} as const;

export function RotateDialog(props: {
  readonly token: ApiTokenItem;
  readonly pending: boolean;
  readonly onSubmit: (graceHours: number) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [grace, setGrace] = useState<(typeof GRACE_HOURS)[number]>(24);
  return (
    <ModalShell
      open
      title={t('apiTokens.rotate.title', { name: props.token.name })}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{t('apiTokens.dialog.cancel')}</Button>
          <Button variant="contained" disabled={props.pending} onClick={() => props.onSubmit(grace)}>
            {t('apiTokens.rotate.submit')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('apiTokens.rotate.intro')}</Typography>
      <TextField
        select
        fullWidth
        label={t('apiTokens.rotate.grace')}
        value={grace}
        onChange={(event) => setGrace(Number(event.target.value) as (typeof GRACE_HOURS)[number])}
      >
        {GRACE_HOURS.map((hours) => (
          <MenuItem key={hours} value={hours}>
            {t(GRACE_KEYS[hours])}
          </MenuItem>
        ))}
      </TextField>
    </ModalShell>
  );
}

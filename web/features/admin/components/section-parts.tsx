// What the Admin Panel's content sections (news posts, videos) share: the bar over the list, and the
// dialog frame of their forms.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What the section holds, and the button that adds to it. */
export function SectionBar(props: {
  readonly intro: string;
  readonly action: string;
  readonly onAction: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Typography color="text.secondary">{props.intro}</Typography>
      <Button variant="contained" onClick={props.onAction}>
        {props.action}
      </Button>
    </Box>
  );
}

/** A form in a dialog: its fields scroll between the title and the buttons on a small screen. */
export function FormDialog(props: {
  readonly title: string;
  readonly maxWidth: 'sm' | 'md';
  readonly onClose: () => void;
  readonly onSubmit: (event: FormEvent) => void;
  readonly submitLabel: string;
  readonly submitDisabled: boolean;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth={props.maxWidth} aria-labelledby={titleId}>
      <Box
        component="form"
        onSubmit={props.onSubmit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>{props.children}</DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={props.submitDisabled}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

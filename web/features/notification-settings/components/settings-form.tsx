// The alert types with who each notifies by Web Push and by email, saved together: a table on a wide
// screen, a card per type on a phone. On a site's page each type may follow the cloud instead.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import type { NotificationMember } from '../../../../core/api/notification-settings.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { ChannelField, useChannelSummary } from './channel-field.tsx';
import type { Channel, RowDraft } from './drafts.ts';

const ERROR_KEYS: Partial<
  Record<string, 'notifications.error.notMember' | 'notifications.error.cannotSeeSite'>
> = {
  not_member: 'notifications.error.notMember',
  cannot_see_site: 'notifications.error.cannotSeeSite',
};

export function SettingsForm({
  initial,
  members,
  labelledBy,
  onSave,
}: {
  readonly initial: readonly RowDraft[];
  readonly members: readonly NotificationMember[];
  /** The id of the page's title, which names the table. */
  readonly labelledBy: string;
  /** Saves every row; resolves with the rows as stored, rejects with the server's refusal. */
  readonly onSave: (rows: readonly RowDraft[]) => Promise<readonly RowDraft[]>;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [rows, setRows] = useState(initial);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const site = rows.some((row) => row.followsCloud !== undefined);
  const summary = useChannelSummary(members);

  const change = (index: number, next: Partial<RowDraft>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...next } : row)));

  /** The server's refusal of a row's channel, in words; the rows are sent in the order shown. */
  const errorOf = (index: number, channel: Channel): string | undefined => {
    if (!isApiError(refusal) || refusal.kind !== 'validation') return undefined;
    const issue = refusal.errors.find((candidate) => candidate.path.startsWith(`/types/${index}/${channel}`));
    if (!issue) return undefined;
    const key = ERROR_KEYS[issue.errorCode];
    return key ? t(key) : issue.message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      setRows(await onSave(rows));
      showMessage({ content: t('notifications.page.saved'), variant: 'success' });
    } catch (error) {
      // A 400 shows beside its fields; the app's error policy reports any other failure.
      setRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const sourceField = (row: RowDraft, index: number) => (
    <TextField
      select
      size="small"
      label={t('notifications.column.setting')}
      value={row.followsCloud ? 'cloud' : 'own'}
      onChange={(event) => {
        const follows = event.target.value === 'cloud';
        // Setting its own starts from what the cloud does.
        change(index, follows ? { followsCloud: true } : { followsCloud: false, ...row.cloud });
      }}
    >
      <MenuItem value="cloud">{t('notifications.site.follow')}</MenuItem>
      <MenuItem value="own">{t('notifications.site.own')}</MenuItem>
    </TextField>
  );

  const channelCell = (row: RowDraft, index: number, channel: Channel): ReactNode => {
    const label = t(channel === 'push' ? 'notifications.column.push' : 'notifications.column.email');
    if (row.followsCloud && row.cloud)
      return (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', pt: { md: 1 } }}>
          {!wide && `${label}: `}
          {t('notifications.site.cloudDoes', { value: summary(row.cloud[channel]) })}
        </Typography>
      );
    return (
      <ChannelField
        label={label}
        value={row[channel]}
        members={members}
        error={errorOf(index, channel)}
        onChange={(value) => change(index, { [channel]: value })}
      />
    );
  };

  const titleOf = (row: RowDraft) => t(ALERT_TITLE_KEYS[row.alertType]);
  const refused = isApiError(refusal) && refusal.kind === 'validation';

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {wide ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-labelledby={labelledBy}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('notifications.column.alertType')}
                </TableCell>
                {site && (
                  <TableCell component="th" scope="col">
                    {t('notifications.column.setting')}
                  </TableCell>
                )}
                <TableCell component="th" scope="col">
                  {t('notifications.column.push')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('notifications.column.email')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={row.alertType} sx={{ verticalAlign: 'top' }}>
                  <TableCell component="th" scope="row" sx={{ width: '22%', pt: 2.5 }}>
                    {titleOf(row)}
                  </TableCell>
                  {site && <TableCell sx={{ width: '20%' }}>{sourceField(row, index)}</TableCell>}
                  <TableCell sx={{ width: site ? '29%' : '39%' }}>
                    {channelCell(row, index, 'push')}
                  </TableCell>
                  <TableCell sx={{ width: site ? '29%' : '39%' }}>
                    {channelCell(row, index, 'email')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {rows.map((row, index) => (
            <Paper
              key={row.alertType}
              variant="outlined"
              role="group"
              aria-labelledby={`alert-type-${row.alertType}`}
              sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}
            >
              <Typography id={`alert-type-${row.alertType}`} variant="subtitle1" component="h2">
                {titleOf(row)}
              </Typography>
              {site && sourceField(row, index)}
              {channelCell(row, index, 'push')}
              {channelCell(row, index, 'email')}
            </Paper>
          ))}
        </Box>
      )}
      {refused && <Alert severity="error">{t('notifications.page.refused')}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('notifications.page.save')}
        </Button>
      </Box>
    </Box>
  );
}

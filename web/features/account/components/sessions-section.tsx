// Account Security: where the account is signed in, and signing any other session out.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '../../../../core/api/account.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useSignOutSession } from '../api/sign-out-session.ts';
import { DateTime } from '../date-time.tsx';
import { describeUserAgent } from '../user-agent.ts';

// A phone shows the browser, its action and when it was last used; the address and sign-in time need room.
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function SessionsSection({ sessions }: { readonly sessions: readonly AccountSession[] }) {
  const { t } = useTranslation();
  const signOut = useSignOutSession();
  const browser = (session: AccountSession) => {
    const described = describeUserAgent(session.user_agent);
    return described ? t('account.sessions.browser', described) : t('account.sessions.unknownBrowser');
  };
  const ask = async (session: AccountSession) => {
    const confirmed = await confirmDialog({
      title: t('account.sessions.signOutTitle'),
      content: t('account.sessions.signOutContent', {
        browser: browser(session),
        address: session.ip ?? '?',
      }),
      confirmLabel: t('account.sessions.signOut'),
    });
    if (confirmed) {
      signOut.mutate(session.id, {
        onSuccess: () => showMessage({ content: t('account.sessions.signedOut') }),
      });
    }
  };
  return (
    <Box component="section" aria-labelledby="sessions-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="sessions-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('account.sessions.title')}
      </Typography>
      <Typography color="text.secondary">{t('account.sessions.intro')}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="sessions-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('account.sessions.device')}</TableCell>
              <TableCell>{t('account.sessions.actions')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('account.sessions.address')}</TableCell>
              <TableCell>{t('account.sessions.lastSeen')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('account.sessions.signedIn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.map((session) => (
              <TableRow key={session.id}>
                <TableCell>{browser(session)}</TableCell>
                <TableCell>
                  {session.current ? (
                    <Chip size="small" color="primary" label={t('account.sessions.current')} />
                  ) : (
                    <Button size="small" onClick={() => ask(session)} disabled={signOut.isPending}>
                      {t('account.sessions.signOut')}
                    </Button>
                  )}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{session.ip ?? '—'}</TableCell>
                <TableCell>
                  <DateTime iso={session.last_seen_at} />
                </TableCell>
                <TableCell sx={WIDE_ONLY}>
                  <DateTime iso={session.created_at} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

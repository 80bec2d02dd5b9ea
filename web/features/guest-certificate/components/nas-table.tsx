// docs/guest-access.md#certificate-and-nas: the cloud's NAS, a page at a time — site, name, address, CoA port,
// the device it is — with adding, editing and removing one. At phone width the table scrolls in the page.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Nas } from '../../../../core/api/guest-certificate.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { useChangeNas, useNasList } from '../api/nas.ts';
import { NasDialog } from './nas-dialog.tsx';

const HEADING_ID = 'nas-heading';

export function NasTable({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const result = useNasList(cloudId, offset);
  const change = useChangeNas(cloudId);
  const [editing, setEditing] = useState<{ readonly nas: Nas | null } | null>(null);

  const remove = async (nas: Nas) => {
    const confirmed = await confirmDialog({
      title: t('guestCertificate.nas.removeTitle'),
      content: t('guestCertificate.nas.removeText', { name: nas.name, address: nas.address }),
      confirmLabel: t('guestCertificate.nas.remove'),
    });
    if (!confirmed) return;
    change.mutate(
      { kind: 'delete', nasId: nas.id },
      {
        onSuccess: () => showMessage({ content: t('guestCertificate.nas.removed'), variant: 'success' }),
        onError: () => showMessage({ content: t('guestCertificate.nas.removeFailed'), variant: 'error' }),
      },
    );
  };

  let content: React.ReactNode;
  if (result.isError) {
    content = (
      <LoadFailed message={t('guestCertificate.nas.loadFailed')} onRetry={() => void result.refetch()} />
    );
  } else if (!result.data) {
    content = <PageLoader />;
  } else if (result.data.items.length === 0) {
    content = <Typography color="text.secondary">{t('guestCertificate.nas.empty')}</Typography>;
  } else {
    const { items, total, total_capped: totalCapped } = result.data;
    content = (
      <>
        <Box
          role="group"
          aria-labelledby={HEADING_ID}
          tabIndex={0}
          sx={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}
        >
          <Table size="small" aria-labelledby={HEADING_ID} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('guestCertificate.nas.name')}</TableCell>
                <TableCell>{t('guestCertificate.nas.site')}</TableCell>
                <TableCell>{t('guestCertificate.nas.address')}</TableCell>
                <TableCell align="right">{t('guestCertificate.nas.coaPort')}</TableCell>
                <TableCell>{t('guestCertificate.nas.device')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('guestCertificate.nas.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((nas) => (
                <TableRow key={nas.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {nas.name}
                  </TableCell>
                  <TableCell>{nas.site.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{nas.address}</TableCell>
                  <TableCell align="right">{nas.coa_port}</TableCell>
                  <TableCell>{nas.device?.name ?? t('guestCertificate.nas.testNas')}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      <Button
                        size="small"
                        aria-label={t('guestCertificate.nas.editNamed', { name: nas.name })}
                        onClick={() => setEditing({ nas })}
                      >
                        {t('guestCertificate.nas.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('guestCertificate.nas.removeNamed', { name: nas.name })}
                        disabled={change.isPending}
                        onClick={() => void remove(nas)}
                      >
                        {t('guestCertificate.nas.remove')}
                      </Button>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <ListPager
          offset={offset}
          count={items.length}
          total={total}
          totalCapped={totalCapped}
          onOffset={setOffset}
        />
      </>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby={HEADING_ID}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography id={HEADING_ID} variant="h2">
          {t('guestCertificate.nas.title')}
        </Typography>
        <Button variant="outlined" onClick={() => setEditing({ nas: null })}>
          {t('guestCertificate.nas.addTitle')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('guestCertificate.nas.intro')}
      </Typography>
      {content}
      <NasDialog
        cloudId={cloudId}
        nas={editing?.nas ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Paper>
  );
}

// docs/remote-access.md: Tunnel Management (/v2/cloud/{cloudId}/smartnvr/{smartNvrId}/tunnels), for owners
// and administrators: the cloud's open tunnels, who opened them, since when, until when, the bytes each
// moved, and closing one now. At phone width the table scrolls within the page.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { Tunnel } from '../../../../core/api/tunnels.ts';
import { mayReachRecorder } from '../../../../core/tunnels.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { formatBytes } from '../../../platform/units.ts';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { useFormatDateTime, useUnitContext } from '../../account/index.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useCloseTunnel } from '../api/close-tunnel.ts';
import { useTunnels } from '../api/list-tunnels.ts';

const TITLE_ID = 'page-title';
const TABLE_ID = 'tunnels-table';

const targetName = (tunnel: Tunnel) => tunnel.device?.name ?? tunnel.smart_nvr?.name ?? '';

export function TunnelsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { cloudId } = usePageObjects(pathname);
  const [offset, setOffset] = useState(0);
  const result = useTunnels(cloudId, { offset, limit: LIST_PAGE_SIZE, state: 'open' });
  const close = useCloseTunnel(cloudId ?? 0);
  const when = useFormatDateTime();
  const units = useUnitContext();
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId) ?? null;
  // The menu offers the page to owners and administrators only (docs/roles.md); others are told so.
  const allowed = membership !== null && mayReachRecorder(accessOf(membership));

  const closeOne = (tunnel: Tunnel) =>
    close.mutate(tunnel.id, { onSuccess: () => showMessage({ content: t('tunnels.page.closed') }) });

  let content: ReactNode;
  if (!allowed) {
    content = <Typography>{t('platform.errors.forbidden')}</Typography>;
  } else if (result.isError) {
    content = <LoadFailed message={t('tunnels.page.loadFailed')} onRetry={() => void result.refetch()} />;
  } else if (!result.data) {
    content = <PageLoader />;
  } else if (result.data.items.length === 0) {
    content = <Typography>{t('tunnels.page.empty')}</Typography>;
  } else {
    const { items, total, total_capped: totalCapped } = result.data;
    content = (
      <>
        <Box
          role="group"
          aria-labelledby={TITLE_ID}
          // Scrolls at phone width: reachable by keyboard. Positioned, so the header read only by screen
          // readers scrolls with the table instead of widening the page.
          tabIndex={0}
          sx={{
            overflowX: 'auto',
            minWidth: 0,
            position: 'relative',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Table
            id={TABLE_ID}
            size="small"
            aria-labelledby={TITLE_ID}
            sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('tunnels.column.device')}</TableCell>
                <TableCell>{t('tunnels.column.service')}</TableCell>
                <TableCell>{t('tunnels.column.openedBy')}</TableCell>
                <TableCell>{t('tunnels.column.since')}</TableCell>
                <TableCell>{t('tunnels.column.expires')}</TableCell>
                <TableCell align="right">{t('tunnels.column.bytes')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('tunnels.column.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((tunnel) => (
                <TableRow key={tunnel.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {targetName(tunnel)}
                    {tunnel.state === 'opening' && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {` · ${t('tunnels.state.opening')}`}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {t(tunnel.service === 'web' ? 'tunnels.service.web' : 'tunnels.service.media')}
                  </TableCell>
                  <TableCell>
                    {tunnel.opened_by
                      ? tunnel.opened_by.name || tunnel.opened_by.email
                      : t('tunnels.openedBy.console')}
                  </TableCell>
                  <TableCell>
                    <time dateTime={tunnel.opened_at}>{when(tunnel.opened_at)}</time>
                  </TableCell>
                  <TableCell>
                    <time dateTime={tunnel.expires_at}>{when(tunnel.expires_at)}</time>
                  </TableCell>
                  <TableCell align="right">
                    {formatBytes(tunnel.bytes_in + tunnel.bytes_out, units)}
                  </TableCell>
                  <TableCell>
                    {tunnel.can_close && (
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        disabled={close.isPending}
                        aria-label={t('tunnels.action.closeNamed', { name: targetName(tunnel) })}
                        onClick={() => closeOne(tunnel)}
                      >
                        {t('tunnels.action.close')}
                      </Button>
                    )}
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
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t('tunnels.page.title')}
      </Typography>
      <Typography color="text.secondary">{t('tunnels.page.intro')}</Typography>
      {content}
    </Box>
  );
}

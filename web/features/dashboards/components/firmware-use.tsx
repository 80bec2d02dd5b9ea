// The firmware versions each family runs, most used first: what a rollout would have to cover.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FirmwareUse as FirmwareUseRow } from '../../../../core/api/dashboards.ts';
import { familyLabelKey } from '../../devices/index.ts';
import { DashboardCard } from './dashboard-card.tsx';

export function FirmwareUse({ firmware }: { readonly firmware: readonly FirmwareUseRow[] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard title={t('dashboards.firmware.title')}>
      {firmware.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.devices.none')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('dashboards.firmware.family')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('dashboards.firmware.version')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('dashboards.firmware.devices')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {firmware.flatMap((family) => {
                const key = familyLabelKey(family.product_type);
                const name = key ? t(key) : family.product_type;
                const rows = [
                  ...family.versions.map((version) => ({
                    fw: version.fw || t('dashboards.firmware.unknown'),
                    count: version.count,
                  })),
                  ...(family.others > 0
                    ? [{ fw: t('dashboards.firmware.others'), count: family.others }]
                    : []),
                ];
                return rows.map((row, index) => (
                  <TableRow key={`${family.product_type}-${row.fw}`}>
                    {index === 0 && (
                      <TableCell
                        component="th"
                        scope="rowgroup"
                        rowSpan={rows.length}
                        sx={{ verticalAlign: 'top' }}
                      >
                        {name}
                      </TableCell>
                    )}
                    <TableCell sx={{ fontFamily: 'monospace' }}>{row.fw}</TableCell>
                    <TableCell align="right">{row.count}</TableCell>
                  </TableRow>
                ));
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </DashboardCard>
  );
}

// The link budget in both directions (docs/linqpath.md#link-budget): a row per figure, a column per direction.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { LinkBudget, McsChoice } from '../../../../core/linqpath/budget.ts';

type Row = { key: string; label: string; value: (budget: LinkBudget) => string };

export function BudgetTable({
  aToB,
  bToA,
  labels,
}: {
  readonly aToB: LinkBudget;
  readonly bToA: LinkBudget;
  readonly labels: { readonly aToB: string; readonly bToA: string };
}) {
  const { t, i18n } = useTranslation();
  const one = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const db = (value: number) => t('linqpath.unit.db', { value: one.format(value) });
  const dbm = (value: number) => t('linqpath.unit.dbm', { value: one.format(value) });
  const mcs = (choice: McsChoice | null) =>
    choice ? t('linqpath.budget.mcsValue', { mcs: choice.mcs }) : t('linqpath.budget.noLink');
  const rate = (choice: McsChoice | null) =>
    choice ? t('linqpath.unit.mbps', { value: whole.format(choice.throughputMbps) }) : '—';
  const rows: Row[] = [
    { key: 'eirp', label: t('linqpath.budget.eirp'), value: (b) => dbm(b.eirpDbm) },
    { key: 'fspl', label: t('linqpath.budget.fspl'), value: (b) => db(b.fsplDb) },
    { key: 'gas', label: t('linqpath.budget.gas'), value: (b) => db(b.gasDb) },
    { key: 'received', label: t('linqpath.budget.received'), value: (b) => dbm(b.receivedDbm) },
    { key: 'noise', label: t('linqpath.budget.noiseFloor'), value: (b) => dbm(b.noiseFloorDbm) },
    { key: 'snr', label: t('linqpath.budget.snr'), value: (b) => db(b.snrDb) },
    { key: 'margin', label: t('linqpath.budget.fadeMargin'), value: (b) => db(b.fadeMarginDb) },
    { key: 'rain', label: t('linqpath.budget.rainFade'), value: (b) => db(b.rainFadeDb) },
    {
      key: 'availability',
      label: t('linqpath.budget.availability'),
      value: (b) => t(b.meetsAvailability ? 'linqpath.budget.met' : 'linqpath.budget.notMet'),
    },
    { key: 'mcsClear', label: t('linqpath.budget.mcsClear'), value: (b) => mcs(b.clearAir) },
    { key: 'rateClear', label: t('linqpath.budget.throughputClear'), value: (b) => rate(b.clearAir) },
    { key: 'mcsRain', label: t('linqpath.budget.mcsRain'), value: (b) => mcs(b.atAvailability) },
    { key: 'rateRain', label: t('linqpath.budget.throughputRain'), value: (b) => rate(b.atAvailability) },
  ];
  return (
    // Focusable, so a keyboard can scroll the table where it is wider than a phone's screen.
    <TableContainer tabIndex={0}>
      <Table size="small" aria-label={t('linqpath.budget.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('linqpath.budget.figure')}</TableCell>
            <TableCell align="right">{labels.aToB}</TableCell>
            <TableCell align="right">{labels.bToA}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.value(aToB)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.value(bToA)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

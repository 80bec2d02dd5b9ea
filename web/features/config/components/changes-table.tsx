// What a draft, a revision or a drift changes: each leaf with its value before and after.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConfigChange } from '../../../../core/api/config.ts';
import { useConfigLabels } from './editor-context.tsx';

/** A leaf path as the fields' labels ("WLANs › guest › SSID"). */
export function usePathLabel() {
  const labels = useConfigLabels();
  return (path: string) =>
    path
      .split('/')
      // A radio is named by its band.
      .map((part, index, parts) => (parts[index - 1] === 'radios' ? labels.option(part) : labels.field(part)))
      .join(' › ');
}

export function useValueText() {
  const { t } = useTranslation();
  const labels = useConfigLabels();
  const text = (value: unknown): string => {
    if (value === undefined) return t('config.changes.unset');
    if (value === null) return t('config.changes.none');
    if (typeof value === 'boolean') return value ? t('config.changes.on') : t('config.changes.off');
    if (Array.isArray(value)) return value.map(text).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return labels.option(value as string | number);
  };
  return text;
}

export function ChangesTable({
  changes,
  label,
  columns,
}: {
  readonly changes: readonly ConfigChange[];
  readonly label: string;
  /** The headers of the two values, when they are not "Before" and "After". */
  readonly columns?: readonly [string, string];
}) {
  const { t } = useTranslation();
  const pathLabel = usePathLabel();
  const valueText = useValueText();
  if (changes.length === 0) return <Typography>{t('config.changes.empty')}</Typography>;
  return (
    <Table size="small" aria-label={label} sx={{ '& td': { wordBreak: 'break-word' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('config.changes.setting')}</TableCell>
          <TableCell>{columns?.[0] ?? t('config.changes.before')}</TableCell>
          <TableCell>{columns?.[1] ?? t('config.changes.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.path}>
            <TableCell>{pathLabel(change.path)}</TableCell>
            <TableCell>{valueText(change.before)}</TableCell>
            <TableCell>{valueText(change.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

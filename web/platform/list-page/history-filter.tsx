// One filter of a history list: a labelled native select, which works the same with a keyboard, a screen
// reader and a phone's own picker.
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** How far back a history goes: the whole of it, or the last day, week or month. */
export const HISTORY_RANGES = ['all', '24h', '7d', '30d'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
const RANGE_HOURS = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 } as const;

/** The start of a range as the history calls take it (ISO 8601), undefined for the whole history. */
export const historyFrom = (range: HistoryRange) =>
  range === 'all' ? undefined : new Date(Date.now() - RANGE_HOURS[range] * 3_600_000).toISOString();

interface HistoryFilterProps<V extends string> {
  readonly label: string;
  readonly value: V;
  readonly options: readonly { value: V; label: string }[];
  readonly onChange: (value: V) => void;
}

export function HistoryFilter<V extends string>({ label, value, options, onChange }: HistoryFilterProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

const RANGE_KEYS = {
  all: 'activity.filter.all',
  '24h': 'activity.range.day',
  '7d': 'activity.range.week',
  '30d': 'activity.range.month',
} as const satisfies Record<HistoryRange, string>;

/** How far back a history goes. */
export function RangeFilter(props: {
  readonly value: HistoryRange;
  readonly onChange: (range: HistoryRange) => void;
}) {
  const { t } = useTranslation();
  return (
    <HistoryFilter
      label={t('activity.filter.range')}
      options={HISTORY_RANGES.map((range) => ({ value: range, label: t(RANGE_KEYS[range]) }))}
      {...props}
    />
  );
}

/** Downloads what the filters match as a CSV file. */
export function ExportButton({ href }: { readonly href: string }) {
  const { t } = useTranslation();
  return (
    <Button href={href} download startIcon={<DownloadIcon />}>
      {t('activity.export.csv')}
    </Button>
  );
}

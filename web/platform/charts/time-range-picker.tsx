// The time range every chart of a page is drawn over (last 24 hours, 7 or 30 days), kept in the page
// address's `range` query so a view can be bookmarked and shared.
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  isTimeRange,
  RANGE_QUERY,
  rangeOfSearch,
  TIME_RANGES,
  type TimeRange,
} from '../../../core/time-range.ts';
import { useChangeQuery } from '../address-query.ts';

export function TimeRangePicker({
  value,
  onChange,
}: {
  readonly value: TimeRange;
  readonly onChange: (range: TimeRange) => void;
}) {
  const { t } = useTranslation();
  const labels: Record<TimeRange, string> = {
    '24h': t('charts.range.day'),
    '7d': t('charts.range.week'),
    '30d': t('charts.range.month'),
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={t('charts.range.label')}
      onChange={(_event, next: unknown) => {
        // A click on the chosen range would deselect it: a range is always chosen.
        if (isTimeRange(next)) onChange(next);
      }}
    >
      {TIME_RANGES.map((range) => (
        <ToggleButton key={range} value={range} sx={{ px: 1.5, textTransform: 'none' }}>
          {labels[range]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The range the address names (the default when it names none or an unknown one), and a way to change it. */
export function useTimeRange(): [TimeRange, (range: TimeRange) => void] {
  const range = rangeOfSearch(useLocation().search);
  const changeQuery = useChangeQuery();
  // The same page in another range: no new history entry.
  const setRange = (next: TimeRange) => changeQuery({ [RANGE_QUERY]: next }, { replace: true });
  return [range, setRange];
}

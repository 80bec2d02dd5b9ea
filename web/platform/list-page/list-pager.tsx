import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../../../core/api/list-query.ts';

export interface ListPagerProps {
  readonly offset: number;
  /** Rows on this page. */
  readonly count: number;
  readonly total: number;
  /** More than `total` rows match (the server stopped counting). */
  readonly totalCapped: boolean;
  readonly onOffset: (offset: number) => void;
}

/** Which rows are on screen out of how many, and the previous and next pages. */
export function ListPager({ offset, count, total, totalCapped, onOffset }: ListPagerProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const range = {
    from: number.format(offset + 1),
    to: number.format(offset + count),
    total: number.format(total),
  };
  const hasNext = totalCapped || offset + count < total;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
      <Typography role="status" variant="body2" color="text.secondary">
        {totalCapped ? t('platform.listPage.rangeCapped', range) : t('platform.listPage.range', range)}
      </Typography>
      <IconButton
        aria-label={t('platform.listPage.previous')}
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - LIST_PAGE_SIZE))}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label={t('platform.listPage.next')}
        disabled={!hasNext}
        onClick={() => onOffset(offset + LIST_PAGE_SIZE)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

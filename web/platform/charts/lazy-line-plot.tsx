// A chart's drawing loads after the page's content (docs/architecture.md, Page speed): its code is the
// console's largest script, and a page's figures should not wait for it. Until it arrives the chart keeps its
// place; if it cannot be loaded, the chart says so and offers to try again, and its data table still works.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinePlotProps } from './line-plot.tsx';

type Drawing = typeof import('./line-plot.tsx');
let loaded: Drawing | undefined;

export function LinePlot<K extends string>(props: LinePlotProps<K>) {
  const { t } = useTranslation();
  const [drawing, setDrawing] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (drawing || failed) return;
    let current = true;
    import('./line-plot.tsx').then(
      (module) => {
        loaded = module;
        if (current) setDrawing(module);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [drawing, failed]);

  if (drawing) return <drawing.LinePlot {...props} />;
  if (!failed) return <Skeleton variant="rounded" height={props.height} aria-hidden="true" />;
  return (
    <Box
      sx={{ minHeight: props.height, display: 'grid', placeContent: 'center', gap: 1, textAlign: 'center' }}
    >
      <Typography variant="body2">{t('charts.chart.loadFailed')}</Typography>
      <Box>
        <Button size="small" onClick={() => setFailed(false)}>
          {t('charts.chart.retry')}
        </Button>
      </Box>
    </Box>
  );
}

// What the map's colours and lines mean (docs/site-map.md#markers), so colour is never the only cue.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

function Line({ colour, dashed, label }: { colour: string; dashed: boolean; label: string }) {
  return (
    <Box component="li" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 28, borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${colour}` }}
      />
      <Typography variant="body2" component="span">
        {label}
      </Typography>
    </Box>
  );
}

export function MapLegend({ upColour, downColour }: { upColour: string; downColour: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('siteMap.legend.heading')}
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      <Line colour={upColour} dashed={false} label={t('siteMap.legend.linkUp')} />
      <Line colour={downColour} dashed label={t('siteMap.legend.linkDown')} />
    </Box>
  );
}

// What the topology's colours, dashes and widths mean (docs/topology.md#the-page).
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LINK_STATES, TOPOLOGY_EDGE_KINDS } from '../../../../core/api/topology.ts';
import { edgeStroke, KIND_LABEL_KEYS, STATE_LABEL_KEYS } from './edge-style.ts';

function Sample({ stroke, label }: { stroke: ReturnType<typeof edgeStroke>; label: string }) {
  return (
    <Box component="li" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width="32" height="8" aria-hidden="true" focusable="false">
        <line x1="2" y1="4" x2="30" y2="4" {...stroke} />
      </svg>
      <Typography variant="body2" component="span">
        {label}
      </Typography>
    </Box>
  );
}

export function TopologyLegend() {
  const { t } = useTranslation();
  const theme = useTheme();
  const list = {
    m: 0,
    p: 0,
    listStyle: 'none',
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: 2,
    rowGap: 0.5,
  };
  return (
    <Box component="section" aria-labelledby="topology-legend" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id="topology-legend" variant="subtitle2" component="h2">
        {t('topology.legend.heading')}
      </Typography>
      <Box component="ul" aria-label={t('topology.legend.states')} sx={list}>
        {LINK_STATES.map((state) => (
          <Sample
            key={state}
            stroke={edgeStroke(theme, { state, kind: 'port' })}
            label={t(STATE_LABEL_KEYS[state])}
          />
        ))}
      </Box>
      <Box component="ul" aria-label={t('topology.legend.kinds')} sx={list}>
        {TOPOLOGY_EDGE_KINDS.map((kind) => (
          <Sample
            key={kind}
            stroke={edgeStroke(theme, { state: 'up', kind })}
            label={t(KIND_LABEL_KEYS[kind])}
          />
        ))}
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRESS_ANIMATION_MS } from '../../../core/constants.ts';
import { onRequestActivity } from '../http-events.ts';
import { useStore } from '../store.ts';
import { progress as appProgress, type ProgressStore } from './progress-store.ts';

// docs/constants.md: the bar creeps towards the end over 10 s; completion fills it.
const creep = keyframes`from { transform: scaleX(0); } to { transform: scaleX(0.9); }`;

/** The thin bar at the very top of the page; mounted once at the root and fed by every request. */
export function GlobalProgressBar({ store = appProgress }: { readonly store?: ProgressStore }) {
  const { t } = useTranslation();
  const phase = useStore(store);
  useEffect(() => onRequestActivity((event) => (event === 'start' ? store.start() : store.done())), [store]);
  if (phase === 'idle' || phase === 'waiting') return null;
  const complete = phase === 'complete';
  const label = t('platform.progress.label');
  return (
    // A landmark of its own: it sits outside the page's, and whatever it shows belongs to one (axe region).
    <Box role="region" aria-label={label}>
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={complete ? 100 : undefined}
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          height: 3,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          pointerEvents: 'none',
        }}
      >
        <Box
          sx={{
            height: '100%',
            bgcolor: 'secondary.main',
            transformOrigin: 'left',
            ...(complete
              ? { transform: 'scaleX(1)', transition: 'transform 200ms ease-out' }
              : { animation: `${creep} ${PROGRESS_ANIMATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1) forwards` }),
          }}
        />
      </Box>
    </Box>
  );
}

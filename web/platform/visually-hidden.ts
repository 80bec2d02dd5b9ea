import type { SxProps, Theme } from '@mui/material/styles';

/** Text for screen readers only. */
export const visuallyHidden: SxProps<Theme> = {
  position: 'absolute',
  // Strings: sx reads a number up to 1 as a share of the parent (1 is 100 %).
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

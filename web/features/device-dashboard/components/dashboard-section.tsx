// One part of a dashboard: a titled card whose h2 names it (and the table inside it).
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function DashboardSection({
  id,
  title,
  action,
  children,
  wide = false,
}: {
  /** The heading's id, which names the section and the table it holds. */
  readonly id: string;
  readonly title: string;
  /** A link or button beside the title. */
  readonly action?: ReactNode;
  readonly children: ReactNode;
  /** Spans both columns of a wide screen. */
  readonly wide?: boolean;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{
        p: 2,
        display: 'grid',
        gap: 1.5,
        alignContent: 'start',
        minWidth: 0,
        gridColumn: wide ? '1 / -1' : undefined,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={id} variant="h2" sx={{ fontSize: '1.1rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

// A section of a configuration page: a framed region named by its heading.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export function ConfigSection({
  title,
  headingId,
  beside,
  children,
}: {
  readonly title: string;
  /** The heading's id, when something inside the section is named by it too (a table, a list). */
  readonly headingId?: string;
  /** Drawn on the heading's line, wrapping under it on a narrow screen (a badge, a count). */
  readonly beside?: ReactNode;
  readonly children: ReactNode;
}) {
  const ownId = useId();
  const id = headingId ?? ownId;
  const heading = (
    <Typography id={id} variant="h2">
      {title}
    </Typography>
  );
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      {beside === undefined ? (
        heading
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {heading}
          {beside}
        </Box>
      )}
      {children}
    </Paper>
  );
}

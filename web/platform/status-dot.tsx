// A state as a coloured dot and its word, so a column of states scans at a glance and colour is never the
// only cue.
import Box from '@mui/material/Box';

export type DotTone = 'success' | 'warning' | 'error' | 'neutral';

const DOT_COLOURS: Record<DotTone, string> = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  neutral: 'text.disabled',
};

export function StatusDot({ tone, label }: { readonly tone: DotTone; readonly label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: DOT_COLOURS[tone] }}
      />
      {label}
    </Box>
  );
}

// Named values as a description list that flows into as many columns as the width allows.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export type Fact = { readonly label: string; readonly value: ReactNode };

export function FactsList({ facts }: { readonly facts: readonly Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8.5rem), 1fr))',
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ minWidth: 0 }}>
          <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
            {fact.label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

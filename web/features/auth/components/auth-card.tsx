import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useProductName } from '../use-product-name.ts';

/** The centred card of the pages a visitor sees before logging in. */
export function AuthCard({ children }: { readonly children: ReactNode }) {
  const productName = useProductName();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 2 }}>
          <Typography variant="h1" color="primary" sx={{ textAlign: 'center' }}>
            {productName}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

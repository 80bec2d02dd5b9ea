import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePublicTheme } from '../../vpc/index.ts';
import { useCachedMe } from '../api/get-me.ts';
import { DEFAULT_PRODUCT_NAME } from '../use-product-name.ts';

/**
 * The centred card of the pages a visitor sees before logging in, with the theme of the host the console is
 * opened on (docs/vpc.md): its logo, product name and sign-in text.
 */
export function AuthCard({ children }: { readonly children: ReactNode }) {
  const host = usePublicTheme();
  const theme = useCachedMe()?.theme ?? host;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 2 }}>
          {theme?.logo_url && (
            <Box
              component="img"
              src={theme.logo_url}
              alt=""
              sx={{ justifySelf: 'center', maxHeight: 64, maxWidth: '60%', objectFit: 'contain' }}
            />
          )}
          <Typography variant="h1" color="primary" sx={{ textAlign: 'center' }}>
            {theme?.product_name ?? DEFAULT_PRODUCT_NAME}
          </Typography>
          {theme?.sign_in_text && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', whiteSpace: 'pre-line' }}>
              {theme.sign_in_text}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

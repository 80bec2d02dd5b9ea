import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useCachedMe } from '../features/auth/api/get-me.ts';
import { i18n } from '../platform/i18n.ts';
import { createAppTheme } from './theme.ts';

/** Follows the deployment theme once the startup data is known. */
function AppThemeProvider({ children }: { readonly children: ReactNode }) {
  const primaryColor = useCachedMe()?.theme.primaryColor ?? null;
  const theme = useMemo(() => createAppTheme({ primaryColor }), [primaryColor]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function Providers({
  queryClient,
  children,
}: {
  readonly queryClient: QueryClient;
  readonly children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { routes } from '../../core/routes.ts';
import { meQueryOptions, useCachedMe } from '../features/auth/api/get-me.ts';
import { useCachedPublicTheme } from '../features/vpc/index.ts';
import { CriticalErrorBoundary } from '../platform/errors/critical-error-boundary.tsx';
import type { PolicySession } from '../platform/errors/error-policy-host.tsx';
import { i18n } from '../platform/i18n.ts';
import { PlatformHosts } from '../platform/platform-hosts.tsx';
import { createAppTheme } from './theme.ts';

/** Follows the theme once the startup data, or the host's theme before sign-in (docs/vpc.md), is known. */
function AppThemeProvider({ children }: { readonly children: ReactNode }) {
  const me = useCachedMe();
  const host = useCachedPublicTheme();
  const primaryColor = (me ? me.theme.primary_color : host?.primary_color) ?? null;
  const theme = useMemo(() => createAppTheme({ primaryColor }), [primaryColor]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** The page, guarded by the critical error page, and the platform's toasts, dialogs and error policy. */
function AppWithPlatform({
  queryClient,
  children,
}: {
  readonly queryClient: QueryClient;
  readonly children: ReactNode;
}) {
  const session = useCallback((): PolicySession => {
    const me = queryClient.getQueryData(meQueryOptions().queryKey);
    return me ? { email: me.user.email, defaultCloudId: me.default_cloud_id } : null;
  }, [queryClient]);
  const homeHref = useCallback(() => {
    const cloudId = session()?.defaultCloudId ?? null;
    return cloudId === null ? null : routes.cloudDashboard.href({ cloudId });
  }, [session]);
  return (
    <>
      <CriticalErrorBoundary homeHref={homeHref} userEmail={() => session()?.email ?? ''}>
        {children}
      </CriticalErrorBoundary>
      <PlatformHosts session={session} />
    </>
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
        <AppThemeProvider>
          <AppWithPlatform queryClient={queryClient}>{children}</AppWithPlatform>
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

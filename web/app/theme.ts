// The MUI theme: docs/constants.md breakpoints, a calm palette, and the deployment's colour when the server sends one.
import { createTheme, type Theme } from '@mui/material/styles';

// docs/constants.md breakpoints.
export const BREAKPOINTS = { xs: 0, sm: 600, md: 980, lg: 1280, xl: 1920 } as const;

export const DEFAULT_PRIMARY = '#1f5f99';

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export interface ThemeOverrides {
  readonly primaryColor?: string | null;
}

/** A bad colour from the deployment config falls back to the default instead of breaking the page. */
export function primaryColour(candidate: string | null | undefined): string {
  return candidate && HEX_COLOUR.test(candidate) ? candidate : DEFAULT_PRIMARY;
}

export function createAppTheme(overrides: ThemeOverrides = {}): Theme {
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode: 'light',
      primary: { main: primaryColour(overrides.primaryColor) },
      secondary: { main: '#2e7d72' },
      error: { main: '#c62828' },
      warning: { main: '#b26a00' },
      success: { main: '#2e7d32' },
      info: { main: '#0277bd' },
      background: { default: '#f4f6f9', paper: '#ffffff' },
      text: { primary: '#1c2430', secondary: '#4f5b6b' },
      divider: '#dde2e9',
    },
    shape: { borderRadius: 6 },
    typography: {
      // System fonts: nothing is fetched from third-party hosts.
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.375rem', fontWeight: 600 },
      h3: { fontSize: '1.125rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderColor: '#dde2e9' } } },
    },
  });
}

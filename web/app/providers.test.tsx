// @vitest-environment happy-dom
import { useTheme } from '@mui/material/styles';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { initI18n } from '../platform/i18n.ts';
import { meFixture } from '../test-utils/me-fixture.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { BREAKPOINTS, DEFAULT_PRIMARY } from './theme.ts';

function ThemeProbe() {
  const theme = useTheme();
  return <output aria-label="primary colour">{theme.palette.primary.main}</output>;
}

function withPrimary(primaryColor: string | null) {
  return meFixture({ theme: { ...meFixture().theme, primary_color: primaryColor } });
}

beforeAll(() => initI18n());
afterEach(cleanup);

describe('app theme', () => {
  it('uses the breakpoints of docs/constants.md', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 980, lg: 1280, xl: 1920 });
  });

  it('follows the deployment colour across login and logout, and ignores an invalid one', () => {
    const queryClient = createQueryClient();
    const { queryKey } = meQueryOptions();
    render(
      <Providers queryClient={queryClient}>
        <ThemeProbe />
      </Providers>,
    );
    const colour = () => screen.getByRole('status', { name: 'primary colour' }).textContent;
    expect(colour()).toBe(DEFAULT_PRIMARY);

    act(() => queryClient.setQueryData(queryKey, withPrimary('#7b1fa2')));
    expect(colour()).toBe('#7b1fa2');

    act(() => queryClient.getQueryCache().clear());
    expect(colour()).toBe(DEFAULT_PRIMARY);

    act(() => queryClient.setQueryData(queryKey, withPrimary('#00695c')));
    expect(colour()).toBe('#00695c');

    act(() => queryClient.setQueryData(queryKey, withPrimary('red; background: url(x)')));
    expect(colour()).toBe(DEFAULT_PRIMARY);
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../platform/i18n.ts';
import { PlaceholderPage } from './placeholder-page.tsx';

beforeAll(() => initI18n());
afterEach(cleanup);

describe('placeholder page', () => {
  it('shows the page title, says the page is not built yet and names the route', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <PlaceholderPage routeKey="voucher" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Voucher' })).toBeInTheDocument();
    expect(screen.getByText('This page is not built yet.')).toBeInTheDocument();
    expect(screen.getByText('Route: /voucher')).toBeInTheDocument();
  });
});

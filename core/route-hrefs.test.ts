import { describe, expect, it } from 'vitest';
import { routes } from './routes.ts';

describe('href builders', () => {
  it('builds the cloud activity query and hash', () => {
    const href = routes.cloudActivity.href(
      { cloudId: 3 },
      {
        query: { status: 'SUCCESS+FAIL+TIMEOUT', id: 42, health: 'HEALTH_CRITICAL+HEALTH_WARNING' },
        hash: 'alert',
      },
    );
    expect(href).toBe(
      '/cloud/3/activity?status=SUCCESS%2BFAIL%2BTIMEOUT&id=42&health=HEALTH_CRITICAL%2BHEALTH_WARNING#alert',
    );
    const url = new URL(href, 'https://console.example');
    expect(url.searchParams.get('status')).toBe('SUCCESS+FAIL+TIMEOUT');
    expect(url.hash).toBe('#alert');
    expect(routes.cloudActivity.href({ cloudId: 3 }, { hash: 'maintenance' })).toBe(
      '/cloud/3/activity#maintenance',
    );
  });

  it('adds #default to the site dashboard only when asked', () => {
    expect(routes.siteDashboard.href({ siteId: 8 })).toBe('/site/8/dashboard');
    expect(routes.siteDashboard.href({ siteId: 8 }, { hash: 'default' })).toBe('/site/8/dashboard#default');
  });

  it('encodes free-text query values and skips undefined ones', () => {
    expect(routes.devices.href({ cloudId: 3 }, { query: { search: 'ap & 10.0.0.1' } })).toBe(
      '/v2/cloud/3/devices?search=ap+%26+10.0.0.1',
    );
    expect(routes.devices.href({ cloudId: 3 }, { query: { search: undefined } })).toBe('/v2/cloud/3/devices');
    expect(routes.login.href({}, { query: { next: '/cloud/3/dashboard' } })).toBe(
      '/welcome/login?next=%2Fcloud%2F3%2Fdashboard',
    );
    expect(routes.voucher.href()).toBe('/voucher');
  });

  it('refuses ids that are not positive integers', () => {
    expect(() => routes.cloudDashboard.href({ cloudId: 0 })).toThrow('Invalid route param cloudId: 0');
    expect(() => routes.siteClient.href({ siteId: 1, clientId: 2.5 })).toThrow(
      'Invalid route param clientId',
    );
    expect(() => routes.cloudActivity.href({ cloudId: 1 }, { query: { id: -4 } })).toThrow(
      'Invalid query value',
    );
  });

  it('refuses values and hashes the route does not declare', () => {
    const loose = routes.cloudActivity.href as (p: object, o: object) => string;
    expect(() => loose({ cloudId: 1 }, { query: { status: 'DONE' } })).toThrow(
      'Invalid query value for status',
    );
    expect(() => loose({ cloudId: 1 }, { query: { page: 2 } })).toThrow('Unknown query parameter');
    expect(() => loose({ cloudId: 1 }, { hash: 'nope' })).toThrow('Unknown hash');
  });
});

describe('href builder types', () => {
  it('reject missing params, unknown hashes and wrong query values at compile time', () => {
    const attempts = [
      // @ts-expect-error -- cloudId is required
      () => routes.cloudDashboard.href(),
      // @ts-expect-error -- ids are numbers
      () => routes.cloudDashboard.href({ cloudId: '3' }),
      // @ts-expect-error -- the site dashboard has only the #default hash
      () => routes.siteDashboard.href({ siteId: 1 }, { hash: 'alert' }),
      // @ts-expect-error -- status takes only the two values of docs/navigation.md#routes
      () => routes.cloudActivity.href({ cloudId: 1 }, { query: { status: 'DONE' } }),
      // @ts-expect-error -- the dashboard takes no query
      () => routes.cloudDashboard.href({ cloudId: 1 }, { query: { search: 'x' } }),
    ];
    for (const attempt of attempts) expect(attempt).toThrow();
  });
});

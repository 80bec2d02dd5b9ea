import { describe, expect, it } from 'vitest';
import { pathAfterLogin, safeNextPath } from './safe-next.ts';

const ORIGIN = 'https://console.example';

describe('safeNextPath', () => {
  it('keeps a console page with its query and hash', () => {
    expect(safeNextPath('/cloud/3/activity?id=4#alert', ORIGIN)).toBe('/cloud/3/activity?id=4#alert');
    expect(safeNextPath('/site/9/dashboard', ORIGIN)).toBe('/site/9/dashboard');
  });

  it.each([
    'https://evil.example/cloud/3/dashboard',
    '//evil.example/cloud/3/dashboard',
    '/\\evil.example/cloud/3/dashboard',
    '/\t/evil.example/cloud/3/dashboard',
    'javascript:alert(1)',
    'cloud/3/dashboard',
    '/not-a-page',
    '/cloud/0/dashboard',
    '/welcome/login?next=/cloud/3/dashboard',
    '/welcome/logout',
    '',
    null,
    undefined,
  ])('refuses %s', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBeNull();
  });
});

describe('pathAfterLogin', () => {
  it('prefers a safe next address, then the default cloud dashboard, then the no-cloud page', () => {
    expect(pathAfterLogin('/v2/cloud/3/devices', ORIGIN, 7)).toBe('/v2/cloud/3/devices');
    expect(pathAfterLogin('https://evil.example/', ORIGIN, 7)).toBe('/cloud/7/dashboard');
    expect(pathAfterLogin(null, ORIGIN, null)).toBe('/welcome/no-cloud');
  });
});

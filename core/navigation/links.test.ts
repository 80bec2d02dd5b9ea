import { describe, expect, it } from 'vitest';
import { ExternalLinkError, InvalidNavLinkError, MissingNavValueError } from './errors.ts';
import { isExternalLink, resolveNavLink } from './links.ts';
import { IDS } from './test-context.ts';

describe('navigation link rules (docs/navigation.md#navigation-drawer)', () => {
  it.each([
    ['/v2/cloud/:cloudId/users/:userId', '/v2/cloud/3/users/9'],
    ['/site/:siteId/device/:deviceId/dashboard', '/site/5/device/11/dashboard'],
    ['/v2/cloud/:cloudId/smartnvr/:smartNvrId/ipcams', '/v2/cloud/3/smartnvr/70/ipcams'],
    [
      '/cloud/:cloudId/activity?status=RUNNING%2BPENDING#alert',
      '/cloud/3/activity?status=RUNNING%2BPENDING#alert',
    ],
    ['/site/:siteId/config#wifi5-wireless', '/site/5/config#wifi5-wireless'],
    ['/admintools', '/admintools'],
  ])('fills %s from the current page', (link, expected) => {
    expect(resolveNavLink(link, IDS)).toBe(expected);
  });

  it('leaves the query and hash as they are', () => {
    expect(resolveNavLink('/v2/cloud/:cloudId/devices?search=:siteId#:deviceId', { cloudId: 3 })).toBe(
      '/v2/cloud/3/devices?search=:siteId#:deviceId',
    );
  });

  it.each(['cloudId', 'userId', 'siteId', 'deviceId', 'smartNvrId'] as const)(
    'refuses a link when the page gives no %s',
    (name) => {
      const link = `/x/:${name}`;
      expect(() => resolveNavLink(link, { ...IDS, [name]: undefined })).toThrow(MissingNavValueError);
      expect(() => resolveNavLink(link, { ...IDS, [name]: undefined })).toThrow(
        expect.objectContaining({ valueName: name }),
      );
    },
  );

  it('refuses a placeholder value that is not an id', () => {
    expect(() => resolveNavLink('/site/:siteId', { siteId: 0 })).toThrow(InvalidNavLinkError);
    expect(() => resolveNavLink('/site/:siteId', { siteId: 1.5 })).toThrow(InvalidNavLinkError);
  });

  it('refuses unknown placeholders', () => {
    expect(() => resolveNavLink('/site/:siteId/client/:clientId', IDS)).toThrow(
      'unknown placeholder :clientId',
    );
  });

  it.each([
    'https://evil.example/',
    'http://evil.example',
    'HTTPS://EVIL.EXAMPLE',
    'mailto:someone@example.com',
    'javascript:alert(1)',
    'java\nscript:alert(1)',
    ' https://evil.example',
    '\u0000https://evil.example',
    '//evil.example/path',
    '\\\\evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '\t//evil.example',
    'data:text/html,hi',
  ])('refuses the external link %j', (link) => {
    expect(isExternalLink(link)).toBe(true);
    expect(() => resolveNavLink(link, IDS)).toThrow(ExternalLinkError);
  });

  it.each(['/cloud/3/dashboard', '/v2/cloud/3/clouds', '/site/1/config#general-locale'])(
    'treats %s as a console link',
    (link) => {
      expect(isExternalLink(link)).toBe(false);
    },
  );

  it.each(['site/5/dashboard', 'dashboard', '', '#alert', '?search=x', '/site/5 /dashboard', '/site\\5'])(
    'refuses %j, which is not an absolute path of the console',
    (link) => {
      expect(() => resolveNavLink(link, IDS)).toThrow(InvalidNavLinkError);
    },
  );
});

// @vitest-environment node
// The site map's tiles (docs/site-map.md#tiles): MAP_STYLE_URL reaches the web app and the page's
// Content-Security-Policy, OpenStreetMap's tiles with their attribution by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES } from '../../../core/api/site-map.ts';
import { readConfig } from '../../config.ts';
import { as, createTestApp, login, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      MAP_STYLE_URL: 'https://{s}.tiles.example.com/base/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© Example Maps',
      MAP_ATTRIBUTION_URL: 'https://tiles.example.com/terms',
    },
  );
});
afterAll(() => t.close());

describe('map tiles', () => {
  it('are OpenStreetMap’s, attributed to its contributors, when MAP_STYLE_URL is unset', () => {
    expect(readConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution_text: '© OpenStreetMap contributors',
      attribution_url: 'https://www.openstreetmap.org/copyright',
    });
    expect(readConfig({}).mapTiles).toEqual(DEFAULT_MAP_TILES);
  });

  it('refuses a MAP_STYLE_URL that is not a tile template', () => {
    expect(() => readConfig({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' })).toThrow(
      /MAP_STYLE_URL must be/,
    );
  });

  it('reach the web app with GET /auth/me and the page may load images from their origin', async () => {
    const user = await createUser(t.database.db);
    const session = await login(t.app, user.email, TEST_PASSWORD);
    const me = await t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: as(session) });
    expect(me.json().map_tiles).toEqual({
      url: 'https://{s}.tiles.example.com/base/{z}/{x}/{y}.png',
      attribution_text: '© Example Maps',
      attribution_url: 'https://tiles.example.com/terms',
    });
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.com/);
  });
});

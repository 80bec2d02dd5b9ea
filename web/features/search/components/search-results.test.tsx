// @vitest-environment happy-dom
// Search Everywhere's results (docs/navigation.md#routes, docs/navigation.md#top-bar-panels, docs/entities.md, docs/constants.md): groups, history, marks, links and the keyboard.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchFindResult } from '../../../../core/api/search.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { installFindServer, openSearchPanel, result, searchNow, settle } from '../test-search-panel.tsx';

const DELETED_AT = '2025-05-02T10:00:00.000Z';

const FOUND: SearchFindResult = {
  current: [
    result({ object_type: 'cloud', title: 'Lobby Labs', object_id: 7, cloud_id: 7 }),
    result({ object_type: 'site', title: 'HQ Lobby', object_id: 11, site_id: 11 }),
    result({ object_type: 'device', title: 'Lobby AP 1', object_id: 21, site_id: 11 }),
    result({ object_type: 'device', title: 'Lobby AP 2', object_id: 22, site_id: 11 }),
    result({ object_type: 'device', title: 'Lobby AP 3', object_id: 23, site_id: 11 }),
    result({ object_type: 'device', title: 'Lobby AP 4', object_id: 24, site_id: 11 }),
    result({
      object_type: 'user',
      title: 'Lena Smith',
      object_id: 5,
      fields: [{ source: 'email', value: 'lobby.desk@example.com' }],
    }),
    result({
      object_type: 'client',
      title: 'lobby-phone',
      object_id: 501,
      site_id: 11,
      fields: [{ source: 'hostname', value: 'lobby-phone' }],
    }),
  ],
  historical: [
    result({
      object_type: 'device',
      title: 'Lobby AP 9',
      object_id: 29,
      historical: true,
      deleted_at: DELETED_AT,
    }),
    result({ object_type: 'device', title: 'Old Lobby Switch', object_id: 28, historical: true }),
    result({
      object_type: 'client',
      title: '00:1b:2c:dd:ee:ff',
      object_id: 502,
      historical: true,
      fields: [{ source: 'hostname', value: 'LOBBY-tablet-lobby' }],
    }),
  ],
};

async function searchFor(query: string, found: SearchFindResult = FOUND) {
  installFindServer(() => found);
  const view = openSearchPanel();
  searchNow(view.input, query);
  await settle();
  return view;
}

const group = (name: string) => screen.getByRole('region', { name });
const link = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
const marks = (element: HTMLElement) => [...element.querySelectorAll('mark')].map((mark) => mark.textContent);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
});

describe('Search Everywhere results', () => {
  it('groups the results by object type, historical ones apart, at most 3 a group', async () => {
    await searchFor('lobby');
    const results = screen.getByRole('region', { name: 'Search results' });
    expect(
      within(results)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Clouds',
      'Sites',
      'Devices',
      'Devices (historical)',
      'Users',
      'Wireless Clients',
      'Wireless Clients (historical)',
    ]);
    const titles = (name: string) =>
      within(group(name))
        .getAllByRole('link')
        .map((device) => device.textContent);
    expect(titles('Devices')).toEqual([
      'Lobby AP 1Name: Lobby AP 1',
      'Lobby AP 2Name: Lobby AP 2',
      'Lobby AP 3Name: Lobby AP 3',
    ]);
    expect(titles('Devices (historical)')).toEqual([
      'Lobby AP 9HistoricalDeletedName: Lobby AP 9',
      expect.stringMatching(/^Old Lobby SwitchHistorical/),
    ]);
    expect(screen.queryByRole('link', { name: /Lobby AP 4/ })).not.toBeInTheDocument();
  });

  it('marks historical results, and deleted ones', async () => {
    await searchFor('lobby');
    expect(within(link('Lobby AP 9')).getByText('Historical')).toBeInTheDocument();
    expect(within(link('Lobby AP 9')).getByText('Deleted')).toBeInTheDocument();
    expect(within(link('00:1b:2c:dd:ee:ff')).getByText('Historical')).toBeInTheDocument();
    expect(within(link('00:1b:2c:dd:ee:ff')).queryByText('Deleted')).not.toBeInTheDocument();
    expect(within(link('Lobby AP 1')).queryByText('Historical')).not.toBeInTheDocument();
  });

  it('names where each match was found and marks the matched part', async () => {
    await searchFor('lobby');
    expect(link('Lena Smith')).toHaveTextContent('Email: lobby.desk@example.com');
    expect(marks(link('Lena Smith'))).toEqual(['lobby']);
    expect(link('lobby-phone')).toHaveTextContent('Host name: lobby-phone');
    expect(marks(link('HQ Lobby'))).toEqual(['Lobby']);
    expect(marks(link('00:1b:2c:dd:ee:ff'))).toEqual(['LOBBY', 'lobby']);
  });

  it('marks the MAC address part of a MAC typed in another notation', async () => {
    await searchFor('00-1B-2C', {
      current: [
        result({
          object_type: 'client',
          title: 'phone',
          object_id: 501,
          site_id: 11,
          fields: [{ source: 'mac', value: '00:1b:2c:dd:ee:ff' }],
        }),
      ],
      historical: [],
    });
    expect(link('phone')).toHaveTextContent('MAC address: 00:1b:2c:dd:ee:ff');
    expect(marks(link('phone'))).toEqual(['00:1b:2c']);
  });

  it("links each result to the list page of its cloud searching for the query, and a client to its site's client page", async () => {
    await searchFor('lobby');
    expect(link('Lobby Labs')).toHaveAttribute('href', '/v2/cloud/7/clouds?search=lobby');
    expect(link('HQ Lobby')).toHaveAttribute('href', '/v2/cloud/3/sites?search=lobby');
    expect(link('Lobby AP 1')).toHaveAttribute('href', '/v2/cloud/3/devices?search=lobby');
    expect(link('Lena Smith')).toHaveAttribute('href', '/v2/cloud/3/users?search=lobby');
    expect(link('lobby-phone')).toHaveAttribute('href', '/site/11/client/501');
    expect(link('00:1b:2c:dd:ee:ff')).toHaveAttribute('href', '/v2/cloud/3/devices?search=lobby');
  });

  it('carries the query as typed, encoded, into the link', async () => {
    await searchFor('HQ & Lobby');
    expect(link('HQ Lobby')).toHaveAttribute('href', '/v2/cloud/3/sites?search=HQ+%26+Lobby');
  });

  it('opens a result and closes the panel', async () => {
    const { router, onClose } = await searchFor('lobby');
    fireEvent.click(link('HQ Lobby'));
    await settle();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/v2/cloud/3/sites?search=lobby',
    );
    expect(screen.queryByRole('dialog', { name: 'Search Everywhere' })).not.toBeInTheDocument();
  });

  it('walks the results with the arrow keys, Home and End, and goes back up to the search box', async () => {
    const { input } = await searchFor('lobby');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(link('Lobby Labs')).toHaveFocus();
    fireEvent.keyDown(link('Lobby Labs'), { key: 'ArrowDown' });
    expect(link('HQ Lobby')).toHaveFocus();
    fireEvent.keyDown(link('HQ Lobby'), { key: 'ArrowDown' });
    expect(link('Lobby AP 1')).toHaveFocus();
    fireEvent.keyDown(link('Lobby AP 1'), { key: 'End' });
    expect(link('00:1b:2c:dd:ee:ff')).toHaveFocus();
    fireEvent.keyDown(link('00:1b:2c:dd:ee:ff'), { key: 'ArrowDown' });
    expect(link('00:1b:2c:dd:ee:ff')).toHaveFocus();
    fireEvent.keyDown(link('00:1b:2c:dd:ee:ff'), { key: 'ArrowUp' });
    expect(link('lobby-phone')).toHaveFocus();
    fireEvent.keyDown(link('lobby-phone'), { key: 'Home' });
    expect(link('Lobby Labs')).toHaveFocus();
    fireEvent.keyDown(link('Lobby Labs'), { key: 'ArrowUp' });
    expect(input).toHaveFocus();
  });

  it('searches at once when ArrowDown is pressed before any result is there', async () => {
    const server = installFindServer(() => FOUND);
    const { input } = openSearchPanel();
    fireEvent.change(input, { target: { value: 'lobby' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await settle();
    expect(server.bodies()).toEqual([{ query: 'lobby', sources: ['name', 'location'] }]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(link('Lobby Labs')).toHaveFocus();
  });

  it('tells two clients of one name apart by their site, access point and last seen', async () => {
    const phone = (id: number, site: string, device: string | null, lastSeen: string) =>
      result({
        object_type: 'client',
        title: 'lobby-phone',
        object_id: id,
        site_id: id,
        fields: [{ source: 'hostname', value: 'lobby-phone' }],
        client: {
          site: { id, name: site },
          device: device === null ? null : { id: id + 100, name: device },
          last_seen_at: lastSeen,
        },
      });
    await searchFor('lobby-phone', {
      current: [
        phone(31, 'HQ', 'Lobby AP 1', '2026-03-02T10:15:00.000Z'),
        phone(32, 'Depot', 'Yard AP', '2026-02-20T08:00:00.000Z'),
      ],
      historical: [phone(33, 'Harbour', null, '2026-01-05T12:00:00.000Z')],
    });
    expect(link('lobby-phone.*Site: HQ')).toHaveTextContent(
      /Site: HQ · Access point: Lobby AP 1 · Last seen: .*2026.*10:15/,
    );
    expect(link('lobby-phone.*Site: Depot')).toHaveTextContent(
      /Site: Depot · Access point: Yard AP · Last seen: .*2026/,
    );
    expect(link('lobby-phone.*Site: Harbour')).toHaveTextContent(/Site: Harbour · Last seen: /);
  });
});

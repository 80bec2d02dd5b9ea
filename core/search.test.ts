import { describe, expect, it } from 'vitest';
import { MAX_MATCHES_PER_GROUP, MIN_SEARCH_LENGTH } from './constants.ts';
import { classifySearchInput, defaultSources, isSearchable, normalizeMac, SEARCH_SOURCES } from './search.ts';

describe('search constants', () => {
  it('needs 3 characters and shows 3 matches per group (docs/constants.md)', () => {
    expect(MIN_SEARCH_LENGTH).toBe(3);
    expect(MAX_MATCHES_PER_GROUP).toBe(3);
  });

  it('knows the seven sources', () => {
    expect([...SEARCH_SOURCES].sort()).toEqual(
      ['email', 'hostname', 'ip', 'location', 'mac', 'name', 'serial'].sort(),
    );
  });
});

describe('isSearchable', () => {
  it.each(['abc', '  abc  ', '1.2', 'a b'])('accepts %j', (query) => {
    expect(isSearchable(query)).toBe(true);
  });

  it.each(['', 'ab', '   ', ' ab ', '\tx\n'])('rejects %j (under 3 characters once trimmed)', (query) => {
    expect(isSearchable(query)).toBe(false);
  });
});

describe('classifySearchInput', () => {
  it.each([
    'aa:bb:cc:dd:ee:ff',
    'AA:BB:CC:DD:EE:FF',
    'aa-bb-cc-dd-ee-ff',
    'aa.bb.cc.dd.ee.ff',
    'aabb.ccdd.eeff',
    'AABB.CCDD.EEFF',
    'aabb.ccdd',
    'aa:bb',
    'aa-bb-cc',
    'de:ad:be:ef',
    '02:4c:10',
    '00:11:22:33:44:55',
    'aa:bb:',
    '  aa:bb:cc  ',
    '12.34.56.78.90.ab',
    '10-20',
    '10:20:30',
  ])('treats %j as a MAC', (query) => {
    expect(classifySearchInput(query)).toBe('mac');
  });

  it.each([
    '10.0',
    '192.168.1.7',
    '192.168.1.',
    '10.0.0',
    '255.255.255.255',
    '0.0.0.0',
    '1.2',
    ' 10.20.30 ',
    '12.34',
  ])('treats %j as an IP', (query) => {
    expect(classifySearchInput(query)).toBe('ip');
  });

  it.each([
    'office',
    'Warehouse AP',
    'aa:b',
    'aa',
    'aa:bb-cc',
    'aa:bb:cc:dd:ee:ff:00',
    'aabbccddeeff',
    'aabb.ccdd.eeff.0011',
    'gg:hh:ii',
    'aab.bcc',
    '256.1.1.1',
    '10.0.0.300',
    '1.2.3.4.5',
    '1.2.3.4.',
    '1234.5',
    '10..1',
    '.10.1',
    '100',
    'WA21000037',
    'user@example.com',
    '50%',
    'a_b',
  ])('treats %j as a name', (query) => {
    expect(classifySearchInput(query)).toBe('name');
  });
});

describe('defaultSources', () => {
  it('searches MAC sources for a MAC', () => {
    expect(defaultSources(classifySearchInput('aa:bb:cc'))).toEqual(['mac']);
  });

  it('searches IP sources for an IP', () => {
    expect(defaultSources(classifySearchInput('192.168.1'))).toEqual(['ip']);
  });

  it('searches name-type sources for anything else', () => {
    expect(defaultSources(classifySearchInput('lobby'))).toEqual([
      'name',
      'location',
      'hostname',
      'serial',
      'email',
    ]);
  });

  it('answers a new list each time', () => {
    const sources = defaultSources('mac');
    sources.push('ip');
    expect(defaultSources('mac')).toEqual(['mac']);
  });
});

describe('normalizeMac', () => {
  it.each([
    ['AA:BB:CC:DD:EE:FF', 'aa:bb:cc:dd:ee:ff'],
    ['aa-bb-cc-dd-ee-ff', 'aa:bb:cc:dd:ee:ff'],
    ['aa.bb.cc.dd.ee.ff', 'aa:bb:cc:dd:ee:ff'],
    ['AABB.CCDD.EEFF', 'aa:bb:cc:dd:ee:ff'],
    ['aabbccddeeff', 'aa:bb:cc:dd:ee:ff'],
    [' 00-11-22-33-44-55 ', '00:11:22:33:44:55'],
    ['AA-BB', 'aa:bb'],
    ['aa:bb:', 'aa:bb'],
    ['aabb.ccdd', 'aa:bb:cc:dd'],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeMac(input)).toBe(expected);
  });

  it.each(['office', 'aa', 'aa:bb-cc', 'gg:hh', 'aabbccddeef', ''])('answers null for %j', (input) => {
    expect(normalizeMac(input)).toBeNull();
  });
});

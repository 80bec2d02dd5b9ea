import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  isVersionAtLeast,
  parseVersion,
  SWITCH_FILES_MIN_MGMTD_VERSION,
} from './versions.ts';

describe('version thresholds (docs/constants.md switch Files at 1.5.0)', () => {
  it('compares numerically, part by part: 1.4.9 < 1.5.0 <= 1.10.0', () => {
    expect(isVersionAtLeast('1.4.9', SWITCH_FILES_MIN_MGMTD_VERSION)).toBe(false);
    expect(isVersionAtLeast('1.5.0', SWITCH_FILES_MIN_MGMTD_VERSION)).toBe(true);
    expect(isVersionAtLeast('1.10.0', SWITCH_FILES_MIN_MGMTD_VERSION)).toBe(true);
    expect(compareVersions([1, 10, 0], [1, 9, 9])).toBeGreaterThan(0);
  });

  it('counts missing parts as zero', () => {
    expect(isVersionAtLeast('1.5', '1.5.0')).toBe(true);
    expect(isVersionAtLeast('2', '1.5.0')).toBe(true);
    expect(isVersionAtLeast('1', '1.5.0')).toBe(false);
    expect(compareVersions([1, 5], [1, 5, 0, 0])).toBe(0);
  });

  it('ignores a revision or build suffix', () => {
    expect(parseVersion('1.5.0-12')).toEqual([1, 5, 0]);
    expect(parseVersion('v1.4.9+abc')).toEqual([1, 4, 9]);
    expect(isVersionAtLeast(' 1.5.0-3 ', '1.5.0')).toBe(true);
    expect(isVersionAtLeast('1.4.9-99', '1.5.0')).toBe(false);
  });

  it.each(['', '   ', 'abc', '1..5', '.1.5', '1.5.', '1.x', null, undefined])(
    'treats %j as no version',
    (text) => {
      expect(parseVersion(text)).toBeNull();
      expect(isVersionAtLeast(text, '0')).toBe(false);
    },
  );

  it('refuses an invalid minimum', () => {
    expect(() => isVersionAtLeast('1.5.0', 'latest')).toThrow('Invalid minimum version');
  });
});

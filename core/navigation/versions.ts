// Version comparison for feature thresholds such as the switch Files page (docs/constants.md).

/** docs/constants.md: the switch Files page needs this management daemon version or later. */
export const SWITCH_FILES_MIN_MGMTD_VERSION = '1.5.0';

// Dot-separated numbers, optionally followed by a revision or build suffix ("1.5.0-12", "1.5.0+abc").
// Versions are reported as version-revision like firmware (docs/entities.md), so the suffix is a later build
// of the same version and takes no part in the comparison.
const VERSION = /^v?(\d{1,9}(?:\.\d{1,9})*)(?:[-+~][0-9A-Za-z.-]*)?$/;

/** The numeric parts of a version, or null when the text is not a version. */
export function parseVersion(text: string | null | undefined): number[] | null {
  const match = VERSION.exec((text ?? '').trim());
  if (!match?.[1]) return null;
  return match[1].split('.').map(Number);
}

/** Negative, zero or positive as a is older than, the same as or newer than b; missing parts count as 0. */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Whether a reported version is at least the minimum; an empty or unparsable version is not. */
export function isVersionAtLeast(version: string | null | undefined, minimum: string): boolean {
  const parsed = parseVersion(version);
  const threshold = parseVersion(minimum);
  if (!threshold) throw new Error(`Invalid minimum version: ${minimum}`);
  return parsed !== null && compareVersions(parsed, threshold) >= 0;
}

/** Whether the device keeps files the console can list and fetch: the switch Files page (docs/constants.md). */
export function keepsFiles(productType: string, mgmtdVersion: string | null | undefined): boolean {
  return productType === 'switch' && isVersionAtLeast(mgmtdVersion, SWITCH_FILES_MIN_MGMTD_VERSION);
}

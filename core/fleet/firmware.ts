// Firmware is written version-revision (SPEC §3), for example "7.2.1-4012".
import { compareVersions, parseVersion } from '../navigation/versions.ts';

/** Negative, zero or positive as a is older than, the same as or newer than b; null when either is not firmware. */
export function compareFirmware(a: string, b: string): number | null {
  const [versionA, revisionA] = a.split('-');
  const [versionB, revisionB] = b.split('-');
  const left = parseVersion(versionA);
  const right = parseVersion(versionB);
  if (!left || !right) return null;
  return compareVersions(left, right) || Number(revisionA ?? 0) - Number(revisionB ?? 0);
}

// Where the two ends of a link are and how they see each other (docs/linqpath.md#distance-and-azimuths):
// great-circle distance by the haversine formula and the initial azimuth from each end, on a sphere of the
// earth's mean radius.

/** The earth's mean radius, km (IUGG mean radius R1). */
export const EARTH_RADIUS_KM = 6371.0088;

export type LatLon = { latitude: number; longitude: number };

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance between two points, km (haversine). */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The initial azimuth from a towards b along the great circle, degrees clockwise from true north, 0 to 360. */
export function azimuthDeg(a: LatLon, b: LatLon): number {
  const f1 = rad(a.latitude);
  const f2 = rad(b.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const y = Math.sin(dLon) * Math.cos(f2);
  const x = Math.cos(f1) * Math.sin(f2) - Math.sin(f1) * Math.cos(f2) * Math.cos(dLon);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

// docs/demo.md#floor-maps: Headquarters has two floors, each with a plan drawn here, a scale, and its
// access points (and the gateway and switches on the ground floor) placed on it.
import type { Database } from '../connect.ts';
import { uploadedFiles } from '../schema/content.ts';
import { floorPositions, floors } from '../schema/floor-maps.ts';
import type { SeededDevice } from './demo-devices.ts';

const WIDTH = 1000;
const HEIGHT = 600;
/** The plans are 50 m wide: the scale is marked along the bottom wall, 45 m between its two points. */
const SCALE = { x1: 0.05, y1: 0.95, x2: 0.95, y2: 0.95, metres: 45 };

type Room = { x: number; y: number; w: number; h: number; name: string };

const GROUND: Room[] = [
  { x: 50, y: 30, w: 300, h: 250, name: 'Lobby' },
  { x: 350, y: 30, w: 400, h: 250, name: 'Open office' },
  { x: 750, y: 30, w: 200, h: 150, name: 'Server room' },
  { x: 750, y: 180, w: 200, h: 100, name: 'Store' },
  { x: 50, y: 330, w: 250, h: 240, name: 'Cafeteria' },
  { x: 300, y: 330, w: 250, h: 240, name: 'Kitchen' },
  { x: 550, y: 330, w: 400, h: 240, name: 'Training room' },
];
const FIRST: Room[] = [
  { x: 50, y: 30, w: 450, h: 250, name: 'Engineering' },
  { x: 500, y: 30, w: 450, h: 250, name: 'Sales' },
  { x: 50, y: 330, w: 200, h: 240, name: 'Meeting A' },
  { x: 250, y: 330, w: 200, h: 240, name: 'Meeting B' },
  { x: 450, y: 330, w: 500, h: 240, name: 'Executive offices' },
];

/** A plan as an SVG drawing: the outer walls, the rooms either side of a corridor, and their names. */
export function demoPlanSvg(title: string, rooms: readonly Room[]): string {
  const walls = rooms
    .map(
      (room) =>
        `<rect x="${room.x}" y="${room.y}" width="${room.w}" height="${room.h}" fill="#f7f7f2" stroke="#5f6368" stroke-width="4"/>` +
        `<text x="${room.x + room.w / 2}" y="${room.y + room.h / 2}" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#5f6368">${room.name}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<title>${title}</title>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>` +
    `<rect x="50" y="30" width="900" height="540" fill="#eceff1" stroke="#37474f" stroke-width="10"/>` +
    walls +
    `<text x="500" y="310" text-anchor="middle" font-family="sans-serif" font-size="18" fill="#78909c">Corridor</text>` +
    '</svg>'
  );
}

/** Where the floor's devices stand, in order: access points over the rooms, the rest in the server room. */
const GROUND_SPOTS = [
  { x: 0.2, y: 0.14 },
  { x: 0.55, y: 0.14 },
  { x: 0.18, y: 0.6 },
  { x: 0.75, y: 0.6 },
];
const FIRST_SPOTS = [
  { x: 0.28, y: 0.14 },
  { x: 0.72, y: 0.14 },
  { x: 0.25, y: 0.6 },
  { x: 0.7, y: 0.6 },
];
const SERVER_ROOM = [
  { x: 0.8, y: 0.1 },
  { x: 0.9, y: 0.22 },
];

export async function seedFloors(
  db: Database,
  cloudId: number,
  devices: readonly SeededDevice[],
): Promise<void> {
  const hq = devices.filter((device) => device.cloudId === cloudId && device.site.name === 'Headquarters');
  const site = hq[0]?.site;
  if (!site) return;
  const accessPoints = hq.filter((device) => device.productType === 'wifi');
  const wired = hq.filter((device) => device.productType === 'gateway' || device.productType === 'switch');
  const plans = [
    { name: 'Ground floor', rooms: GROUND },
    { name: 'First floor', rooms: FIRST },
  ];
  const files = await db
    .insert(uploadedFiles)
    .values(
      plans.map((plan) => {
        const data = Buffer.from(demoPlanSvg(`Headquarters, ${plan.name}`, plan.rooms));
        return {
          cloudId,
          name: `headquarters-${plan.name.toLowerCase().replace(' ', '-')}.svg`,
          contentType: 'image/svg+xml',
          size: data.length,
          data,
        };
      }),
    )
    .returning({ id: uploadedFiles.id });
  const created = await db
    .insert(floors)
    .values(
      plans.map((plan, position) => ({
        cloudId,
        siteId: site.id,
        name: plan.name,
        position,
        planFileId: files[position]?.id ?? null,
        scaleX1: SCALE.x1,
        scaleY1: SCALE.y1,
        scaleX2: SCALE.x2,
        scaleY2: SCALE.y2,
        scaleMetres: SCALE.metres,
      })),
    )
    .returning({ id: floors.id });
  const [ground, first] = created;
  if (!ground || !first) return;
  const places = [
    ...accessPoints
      .slice(0, 4)
      .map((device, n) => ({ deviceId: device.id, floorId: ground.id, ...GROUND_SPOTS[n] })),
    ...accessPoints
      .slice(4, 8)
      .map((device, n) => ({ deviceId: device.id, floorId: first.id, ...FIRST_SPOTS[n] })),
    ...wired.slice(0, 2).map((device, n) => ({ deviceId: device.id, floorId: ground.id, ...SERVER_ROOM[n] })),
  ].map((place) => ({
    deviceId: place.deviceId,
    floorId: place.floorId,
    x: place.x ?? 0.5,
    y: place.y ?? 0.5,
  }));
  if (places.length > 0) await db.insert(floorPositions).values(places);
}

// Floors for tests (docs/floor-maps.md): a floor with a small PNG plan, and spares for deleting calls.

import type { Database } from '../../db/connect.ts';
import { uploadedFiles } from '../../db/schema/content.ts';
import { floors } from '../../db/schema/floor-maps.ts';

/** The first bytes of a PNG: all the console checks of one. */
export const TEST_PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

/** A floor of the site, with a plan unless `plan` is false. */
export async function createFloor(
  db: Database,
  cloudId: number,
  siteId: number,
  { name = 'Ground floor', position = 0, plan = true } = {},
) {
  let planFileId: number | null = null;
  if (plan) {
    const [file] = await db
      .insert(uploadedFiles)
      .values({ cloudId, name: 'plan.png', contentType: 'image/png', size: TEST_PNG.length, data: TEST_PNG })
      .returning({ id: uploadedFiles.id });
    planFileId = file?.id ?? null;
  }
  const [floor] = await db.insert(floors).values({ cloudId, siteId, name, position, planFileId }).returning();
  if (!floor) throw new Error('floor not created');
  return floor;
}

/** For the access table: a floor with a plan on each site, and `spares` more on each for the deleting rows. */
export async function createTableFloors(
  db: Database,
  cloudId: number,
  sites: { assigned: number; other: number },
  spares: number,
) {
  const result = {
    assigned: { floor: 0, spares: [] as number[] },
    other: { floor: 0, spares: [] as number[] },
  };
  for (const site of ['assigned', 'other'] as const) {
    result[site].floor = (await createFloor(db, cloudId, sites[site])).id;
    for (let n = 1; n <= spares; n++) {
      const spare = await createFloor(db, cloudId, sites[site], {
        name: `Spare ${n}`,
        position: n,
        plan: false,
      });
      result[site].spares.push(spare.id);
    }
  }
  return result;
}

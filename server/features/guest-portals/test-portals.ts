// For the access table (server/test/access-table.ts): a captive portal that the changing rows act on, and
// spare portals for the deleting rows (docs/guest-access.md#captive-portals).
import type { Database } from '../../db/connect.ts';
import { guestPortals } from '../../db/schema/guest-access.ts';

export async function createTablePortals(db: Database, cloudId: number, siteId: number, spares: number) {
  const rows = await db
    .insert(guestPortals)
    .values(
      Array.from({ length: spares + 1 }, (_, n) => ({
        cloudId,
        siteId,
        ssid: n === 0 ? null : `Spare ${n}`,
        name: n === 0 ? 'Table portal' : `Spare portal ${n}`,
        methods: ['voucher'],
      })),
    )
    .returning({ id: guestPortals.id });
  const [portal, ...rest] = rows.map((row) => row.id);
  if (portal === undefined) throw new Error('portal not created');
  return { portal, spares: rest };
}

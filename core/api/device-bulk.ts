// The device list's bulk calls and the remembered column choice: act on devices chosen one by one or on
// every device a filter matches ("all that match", resolved on the server), and export them as CSV.
import { type Static, type TSchema, Type } from 'typebox';
import { BULK_DEVICE_IDS_MAX, COLUMN_LIST_NAMES } from '../device-list.ts';
import { FirmwareVersion } from '../fleet/protocol.ts';
import { RollingUpdateParams } from '../task-types.ts';
import { closed } from './closed.ts';
import { DeviceFilterQuery, DeviceListQuery } from './devices.ts';
import { ListQuery } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const strict = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, closed);

/** The device list's search and filters, as GET .../devices takes them. */
export const DeviceSelectionFilter = strict({
  search: ListQuery.properties.search,
  ...DeviceFilterQuery.properties,
});
export type DeviceSelectionFilter = Static<typeof DeviceSelectionFilter>;

/** Which devices: named one by one, or every device the list shows for a filter (exactly one of the two). */
export const DeviceSelection = strict({
  device_ids: Type.Optional(
    Type.Array(Id, { minItems: 1, maxItems: BULK_DEVICE_IDS_MAX, uniqueItems: true }),
  ),
  filter: Type.Optional(DeviceSelectionFilter),
});
export type DeviceSelection = Static<typeof DeviceSelection>;

const common = {
  selection: DeviceSelection,
  /** Only count the devices and check the caller may act on every one; change nothing. */
  dry_run: Type.Optional(Type.Boolean()),
  /**
   * How many devices the caller confirmed: when the selection now holds another number (a device was added
   * meanwhile), nothing is done and the answer is 409.
   */
  expected_count: Type.Optional(Type.Integer({ minimum: 1 })),
};

export const BulkRebootBody = strict(common);
export type BulkRebootBody = Static<typeof BulkRebootBody>;

/**
 * Without a version, each device goes to the newest firmware of its family (TASK_FW_AUTO_UPDATE); with one,
 * every device to it at once (TASK_FW_UPDATE); with rolling, in batches after a canary
 * (TASK_FW_ROLLING_UPDATE, which needs the version).
 */
export const BulkFirmwareBody = Type.Object(
  {
    ...common,
    version: Type.Optional(FirmwareVersion),
    rolling: Type.Optional(Type.Omit(RollingUpdateParams, ['version'], closed)),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples): every Wi-Fi device of a site, in batches.
    examples: [
      {
        selection: { filter: { site_id: 12, type: 'wifi' } },
        expected_count: 48,
        version: '2.1.5-731',
        rolling: { canarySize: 2, batchSize: 20, failureThresholdPct: 10 },
      },
    ],
  },
);
export type BulkFirmwareBody = Static<typeof BulkFirmwareBody>;

export const BulkMoveBody = strict({ ...common, site_id: Id });
export type BulkMoveBody = Static<typeof BulkMoveBody>;

export const BulkChangeBody = strict(common);
export type BulkChangeBody = Static<typeof BulkChangeBody>;

export const BulkResult = Type.Object({
  /** The devices selected (and acted on, unless a dry run). */
  count: Type.Integer({ minimum: 0 }),
  /** The task that runs the action on the devices, for reboot and firmware. */
  task_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Devices the task leaves out: its family does not run it, it is blocked, or the version is not for it. */
  skipped: Type.Integer({ minimum: 0 }),
});
export type BulkResult = Static<typeof BulkResult>;

/** GET .../devices/export: the same query as the list, without paging. */
export const DeviceExportQuery = Type.Omit(DeviceListQuery, ['offset', 'limit'], closed);

/** GET and PUT /apiv2/user/list-columns/:list: the columns the user chose for a list. */
export const ListColumnsParams = Type.Object({ list: Type.Enum(COLUMN_LIST_NAMES) }, closed);
export const ListColumns = strict({
  /** Column ids of the list (core/device-list.ts COLUMN_LISTS), in the order shown. */
  columns: Type.Array(Type.String({ pattern: '^[a-z][a-zA-Z]{0,39}$' }), {
    minItems: 1,
    maxItems: 50,
    uniqueItems: true,
  }),
});
export type ListColumns = Static<typeof ListColumns>;
/** null: the user has not chosen, so the list shows its default columns. */
export const ListColumnsResponse = Type.Object({
  columns: Type.Union([Type.Array(Type.String()), Type.Null()]),
});
export type ListColumnsResponse = Static<typeof ListColumnsResponse>;

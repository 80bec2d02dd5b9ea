// The device list's columns and sort orders, shared by the server (which sorts, exports and remembers
// the chosen columns) and the page (which draws them).

/** Every column the device list can show, in the order it shows them. */
export const DEVICE_COLUMNS = [
  'name',
  'site',
  'status',
  'health',
  'mac',
  'ip',
  'product',
  'family',
  'firmware',
  'serial',
  'hostname',
  'uptime',
  'clients',
  'lastSeen',
  'uplink',
] as const;
export type DeviceColumn = (typeof DEVICE_COLUMNS)[number];

/** What a newcomer sees before choosing columns. */
export const DEFAULT_DEVICE_COLUMNS: readonly DeviceColumn[] = [
  'name',
  'site',
  'status',
  'health',
  'mac',
  'ip',
  'product',
  'firmware',
];

/** The lists whose columns a user may choose, with the columns each knows (users.list_columns keys). */
export const COLUMN_LISTS = { devices: DEVICE_COLUMNS } as const;
export type ColumnListName = keyof typeof COLUMN_LISTS;
export const COLUMN_LIST_NAMES = Object.keys(COLUMN_LISTS) as ColumnListName[];

/** What the list sorts by: each has an index that walks the cloud's devices in that order. */
export const DEVICE_SORT_KEYS = ['name', 'status', 'health', 'family', 'model', 'site', 'firmware'] as const;
export type DeviceSortKey = (typeof DEVICE_SORT_KEYS)[number];
/** A sort in the address and the API: the key ascending, or '-' and the key descending. */
export const DEVICE_SORTS = DEVICE_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type DeviceSort = (typeof DEVICE_SORTS)[number];

export function parseDeviceSort(sort: DeviceSort | undefined): { key: DeviceSortKey; descending: boolean } {
  if (!sort) return { key: 'name', descending: false };
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as DeviceSortKey, descending };
}

/**
 * The column whose header sorts by a key. Uptime, clients, last seen and uplink change with every heartbeat:
 * an index on them would be rewritten by each one (no HOT update), so the list does not sort by them.
 */
export const SORT_OF_COLUMN: Readonly<Partial<Record<DeviceColumn, DeviceSortKey>>> = {
  name: 'name',
  site: 'site',
  status: 'status',
  health: 'health',
  product: 'model',
  family: 'family',
  firmware: 'firmware',
};

/** Most devices one bulk action names one by one; more are chosen by the filter ("all that match"). */
export const BULK_DEVICE_IDS_MAX = 1000;

/** Most devices one CSV export holds: the whole of a large cloud. */
export const DEVICE_EXPORT_ROWS_MAX = 100_000;

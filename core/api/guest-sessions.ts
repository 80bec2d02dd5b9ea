// AuthPort's History (docs/guest-access.md#history): the guests' sessions from RADIUS accounting, paged
// on the server by when they started, their CSV export, and disconnecting a guest. Shared by server and web app.
import { type Static, type TSchema, Type } from 'typebox';
import { LIST_FILTER_MAX_LENGTH } from '../limits.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

/**
 * Why a session ended (docs/guest-access.md#history): the RADIUS Acct-Terminate-Cause named, or the console's
 * own cause when it had the NAS disconnect the guest (an operator, a revoked account, a changed plan).
 */
export const SESSION_END_REASONS = [
  'session_timeout',
  'idle_timeout',
  'quota',
  'user',
  'operator',
  'revoked',
  'plan_changed',
  'lost',
  'nas_reboot',
  'other',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const SESSION_STATES = ['active', 'ended'] as const;

/** A place in the list: the started_at and id of the last row of the page before (keyset paging). */
const CURSOR_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z_\\d{1,19}$';

const filters = {
  site_id: Type.Optional(Id),
  state: Type.Optional(Type.Enum(SESSION_STATES)),
  /** Part of a guest's username or voucher code, or of a MAC address in any notation. */
  search: Type.Optional(Type.String({ maxLength: LIST_FILTER_MAX_LENGTH })),
  /** Sessions that started at or after `from` and before `to`. */
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  end_reason: Type.Optional(Type.Enum(SESSION_END_REASONS)),
  account_id: Type.Optional(Id),
};

export const SessionListQuery = Type.Object(
  {
    ...filters,
    cursor: Type.Optional(Type.String({ pattern: CURSOR_PATTERN, maxLength: 64 })),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type SessionListQuery = Static<typeof SessionListQuery>;

export const SessionExportQuery = Type.Object(filters, closed);
export type SessionExportQuery = Static<typeof SessionExportQuery>;

/** Most rows one CSV export of the sessions holds. */
export const SESSION_EXPORT_ROWS_MAX = 100_000;

/** The columns of the CSV export, in order (docs/guest-access.md#history). */
export const SESSION_EXPORT_COLUMNS = [
  'username',
  'kind',
  'mac',
  'site',
  'access_point',
  'ssid',
  'ip',
  'started_at',
  'ended_at',
  'duration_s',
  'bytes_in',
  'bytes_out',
  'end_reason',
] as const;

export const GuestSession = Type.Object({
  id: Type.Integer(),
  account: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    kind: Type.Enum(['user', 'voucher', 'email', 'click_through']),
  }),
  mac: Type.String(),
  site: Named,
  /** The access point the guest is on: its device when known, else the Called-Station-Id sent, else the NAS. */
  access_point: Nullable(Type.String()),
  device: Nullable(Named),
  nas: Nullable(Named),
  ssid: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  started_at: Type.String(),
  /** Its last accounting update. */
  updated_at: Type.String(),
  ended_at: Nullable(Type.String()),
  duration_s: Type.Integer({ minimum: 0 }),
  /** Bytes from the guest (in) and to the guest (out). */
  bytes_in: Type.Integer({ minimum: 0 }),
  bytes_out: Type.Integer({ minimum: 0 }),
  end_reason: Nullable(Type.Enum(SESSION_END_REASONS)),
  /** The operator who disconnected it, while the account exists. */
  disconnected_by: Nullable(Type.Object({ id: Type.Integer(), email: Type.String() })),
});
export type GuestSession = Static<typeof GuestSession>;

export const SessionList = Type.Object({
  items: Type.Array(GuestSession),
  /** The cursor of the next page; null on the last. */
  next_cursor: Nullable(Type.String()),
  total: Type.Integer({ minimum: 0 }),
  total_capped: Type.Boolean(),
});
export type SessionList = Static<typeof SessionList>;

/** One open session, or every open session of one guest account: one of the two. */
export const DisconnectBody = Type.Object(
  { session_id: Type.Optional(Id), account_id: Type.Optional(Id) },
  { ...closed, minProperties: 1 },
);
export type DisconnectBody = Static<typeof DisconnectBody>;

/** What became of the sessions asked for: acknowledged by their NAS, refused, or not answered in time. */
export const DisconnectAnswer = Type.Object({
  acked: Type.Integer({ minimum: 0 }),
  refused: Type.Integer({ minimum: 0 }),
  unanswered: Type.Integer({ minimum: 0 }),
});
export type DisconnectAnswer = Static<typeof DisconnectAnswer>;

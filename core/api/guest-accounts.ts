// Guest accounts and vouchers (docs/guest-access.md#accounts-and-vouchers): the list with its search and
// filters, a person's account, revoking and extending, voucher batches and their printed sheet.
import { type Static, type TSchema, Type } from 'typebox';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage, ListQuery } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time', maxLength: 40 });

/** A guest account's state at a moment (docs/guest-access.md#states), the first that holds. */
export const GUEST_ACCOUNT_STATES = ['revoked', 'expired', 'used_up', 'active', 'unused'] as const;
export type GuestAccountState = (typeof GUEST_ACCOUNT_STATES)[number];
export const GUEST_ACCOUNT_KINDS = ['user', 'voucher', 'email', 'click_through'] as const;
export type GuestAccountKind = (typeof GUEST_ACCOUNT_KINDS)[number];

/**
 * The letters and digits of voucher codes: none that looks like another (no 0/O, 1/I/L, 5/S, 2/Z, 8/B), so
 * a guest types what the card shows.
 */
export const VOUCHER_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const VOUCHER_COUNT_MAX = 10_000;
export const VOUCHER_CODE_LENGTH_MIN = 6;
export const VOUCHER_CODE_LENGTH_MAX = 16;
export const VOUCHER_PREFIX_MAX = 8;
export const GUEST_USERNAME_MAX = 64;
export const GUEST_PASSWORD_MIN = 6;
export const GUEST_PASSWORD_MAX = 64;
export const GUEST_NOTE_MAX = 200;
export const VOUCHER_BATCH_NAME_MAX = 80;

export const GuestAccountParams = Type.Object({ cloudId: Id, accountId: Id }, closed);
export const VoucherBatchParams = Type.Object({ cloudId: Id, batchId: Id }, closed);

const accountFilters = {
  search: ListQuery.properties.search,
  state: Type.Optional(Type.Enum(GUEST_ACCOUNT_STATES)),
  /** Accounts of people (and portal sign-ins), or vouchers. */
  type: Type.Optional(Type.Enum(['account', 'voucher'])),
  plan_id: Type.Optional(Id),
  batch_id: Type.Optional(Id),
  /** By creation, newest first unless `created_asc`. */
  sort: Type.Optional(Type.Enum(['created_desc', 'created_asc'])),
};

export const GuestAccountListQuery = Type.Object(
  {
    ...accountFilters,
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type GuestAccountListQuery = Static<typeof GuestAccountListQuery>;

/** The CSV export takes the list's search and filters, and has every matching row. */
export const GuestAccountExportQuery = Type.Object(accountFilters, closed);
export type GuestAccountExportQuery = Static<typeof GuestAccountExportQuery>;

export const GuestAccount = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(GUEST_ACCOUNT_KINDS),
  /** A person's name, a voucher's code, a captured email address. */
  username: Type.String(),
  email: Nullable(Type.String()),
  plan: Type.Object({ id: Type.Integer(), name: Type.String() }),
  batch: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  shared: Type.Boolean(),
  note: Type.String(),
  state: Type.Enum(GUEST_ACCOUNT_STATES),
  expires_at: Nullable(Type.String()),
  valid_until: Nullable(Type.String()),
  first_used_at: Nullable(Type.String()),
  used_up_at: Nullable(Type.String()),
  revoked_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type GuestAccount = Static<typeof GuestAccount>;

export const GuestAccountList = ListPage(GuestAccount);
export type GuestAccountList = Static<typeof GuestAccountList>;

/**
 * A person's account: a username with a password (made by the console when none is given), or an email
 * address the guest signs in with.
 */
export const CreateGuestAccountBody = Type.Object(
  {
    plan_id: Id,
    username: Type.Optional(
      Type.String({ minLength: 3, maxLength: GUEST_USERNAME_MAX, pattern: '^[A-Za-z0-9._@+-]+$' }),
    ),
    password: Type.Optional(Type.String({ minLength: GUEST_PASSWORD_MIN, maxLength: GUEST_PASSWORD_MAX })),
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' })),
    note: Type.Optional(Type.String({ maxLength: GUEST_NOTE_MAX })),
    expires_at: Type.Optional(Nullable(DateTime)),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples): a conference guest; the console makes the password.
    examples: [
      {
        plan_id: 3,
        username: 'conf-guest-0042',
        email: 'guest@example.com',
        note: 'Baltic Networks conference, room 2',
        expires_at: '2027-03-05T18:00:00Z',
      },
    ],
  },
);
export type CreateGuestAccountBody = Static<typeof CreateGuestAccountBody>;

/** The account made, and its password this once (null for an email account). */
export const CreatedGuestAccount = Type.Object({ account: GuestAccount, password: Nullable(Type.String()) });
export type CreatedGuestAccount = Static<typeof CreatedGuestAccount>;

/** A later end: the validity (`valid_until`), the account's own last day (`expires_at`; null: none), or both. */
export const ExtendGuestAccountBody = Type.Object(
  { valid_until: Type.Optional(DateTime), expires_at: Type.Optional(Nullable(DateTime)) },
  { ...closed, minProperties: 1 },
);
export type ExtendGuestAccountBody = Static<typeof ExtendGuestAccountBody>;

export const CreateVoucherBatchBody = Type.Object(
  {
    plan_id: Id,
    /** Named after the plan and the day when left out. */
    name: Type.Optional(Type.String({ maxLength: VOUCHER_BATCH_NAME_MAX })),
    count: Type.Integer({ minimum: 1, maximum: VOUCHER_COUNT_MAX }),
    /** Characters after the prefix. */
    code_length: Type.Integer({ minimum: VOUCHER_CODE_LENGTH_MIN, maximum: VOUCHER_CODE_LENGTH_MAX }),
    /** Printed before every code of the batch: capitals, digits and dashes. */
    prefix: Type.String({ maxLength: VOUCHER_PREFIX_MAX, pattern: '^[A-Z0-9-]*$' }),
    /** Shared: any number of guests (within the plan's devices) use one code; else one device. */
    shared: Type.Boolean(),
    /** The last moment the codes may be used, whatever the plan; null for none. */
    expires_at: Nullable(DateTime),
  },
  {
    ...closed,
    examples: [
      {
        plan_id: 3,
        name: 'Front desk, March',
        count: 100,
        code_length: 8,
        prefix: 'VLN-',
        shared: false,
        expires_at: '2027-03-31T23:59:59Z',
      },
    ],
  },
);
export type CreateVoucherBatchBody = Static<typeof CreateVoucherBatchBody>;

export const VoucherBatch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plan: Type.Object({ id: Type.Integer(), name: Type.String() }),
  count: Type.Integer(),
  prefix: Type.String(),
  code_length: Type.Integer(),
  shared: Type.Boolean(),
  expires_at: Nullable(Type.String()),
  /** How many of its vouchers have been used at least once. */
  used: Type.Integer(),
  created_by: Nullable(Type.Object({ id: Type.Integer(), email: Type.String() })),
  created_at: Type.String(),
});
export type VoucherBatch = Static<typeof VoucherBatch>;

export const VoucherBatchListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type VoucherBatchListQuery = Static<typeof VoucherBatchListQuery>;

export const VoucherBatchList = ListPage(VoucherBatch);
export type VoucherBatchList = Static<typeof VoucherBatchList>;

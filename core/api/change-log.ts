// The change log (issue: who changed what, when, from where, with the values before and after), filtered by
// person, object and time, shared by server and web app.
import { type Static, Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '../audit.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';

const Values = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

export const ChangeLogQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
    /** ISO 8601 date-times: records at or after `from` and before `to`. */
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    /** The user who acted. */
    person: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    object_type: Type.Optional(Type.Enum(AUDIT_OBJECT_TYPES)),
    /** One object's whole story; needs objectType. */
    object_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  closed,
);
export type ChangeLogQuery = Static<typeof ChangeLogQuery>;
export const ChangeLogExportQuery = Type.Omit(ChangeLogQuery, ['offset', 'limit'], closed);

export const ChangeLogItem = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()]),
    email: Type.String(),
    /** The person's name as it is now; empty when they gave none or the account is gone. */
    name: Type.String(),
  }),
  ip: Type.Union([Type.String(), Type.Null()]),
  action: Type.Enum(AUDIT_ACTIONS),
  object_type: Type.Enum(AUDIT_OBJECT_TYPES),
  object_id: Type.Union([Type.String(), Type.Null()]),
  object_name: Type.String(),
  before: Values,
  after: Values,
});
export type ChangeLogItem = Static<typeof ChangeLogItem>;

export const ChangeLogResponse = ListPage(ChangeLogItem);
export type ChangeLogResponse = Static<typeof ChangeLogResponse>;

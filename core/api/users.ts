// Schemas of the cloud's member list (SPEC §3 User and User-cloud, §6 manage_users), shared by server and
// web app.
import { type Static, Type } from 'typebox';
import { ROLES } from '../domain.ts';
import { ListPage } from './list-query.ts';

/** A member of the cloud. */
export const UserListItem = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  role_id: Type.Enum(ROLES),
});
export type UserListItem = Static<typeof UserListItem>;

/** GET /apiv2/cloud/:cloudId/users: members by name, then email. */
export const UserListResponse = ListPage(UserListItem);
export type UserListResponse = Static<typeof UserListResponse>;

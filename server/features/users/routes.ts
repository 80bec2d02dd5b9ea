import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListQuery, listPageRequest } from '../../../core/api/list-query.ts';
import { UserListResponse } from '../../../core/api/users.ts';
import type { AppContext } from '../../context.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { listMembers } from './repository.ts';

/** Cloud-scoped: the user management list (docs/navigation.md#routes /v2/cloud/{cloudId}/users?search=, docs/roles.md manage_users). */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/users',
      {
        config: { permission: 'manage_users' },
        schema: {
          tags: ['users'],
          summary: 'One page of the members of the cloud, by name; the search matches name or email',
          params: CloudParams,
          querystring: ListQuery,
          response: { 200: UserListResponse, ...signedInErrors },
        },
      },
      async (request) => {
        return listMembers(db, { cloudId: request.params.cloudId, ...listPageRequest(request.query) });
      },
    );
  };
}

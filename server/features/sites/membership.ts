import type { FastifyRequest } from 'fastify';
import type { Membership } from '../../auth/cloud-scope.ts';

/** The membership the cloud scope loaded for this request; routes here only run under that scope. */
export function membershipOf(request: FastifyRequest): Membership {
  if (!request.membership) throw new Error('cloud scope did not load a membership');
  return request.membership;
}

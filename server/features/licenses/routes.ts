import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CloudIdHeaders, SmartNvrLicenseResponse } from '../../../core/api/licenses.ts';
import { requireMembership } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { findLicensedSmartNvr } from './repository.ts';

const MAX_ID = 2147483647;

/** The cloud id of the X-Cloud-Id header; docs/errors.md 'Could not determine cloud ID' when there is none. */
function headerCloudId(header: string | undefined): number {
  const id = header !== undefined && /^[1-9][0-9]{0,9}$/.test(header.trim()) ? Number(header.trim()) : 0;
  if (id < 1 || id > MAX_ID) {
    throw errors.validation([
      {
        errorCode: 'cloud_id',
        location: 'headers',
        path: '/x-cloud-id',
        message: 'Could not determine cloud ID',
      },
    ]);
  }
  return id;
}

/** Smart NVR license (docs/api.md#the-calls). */
export function licenseRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/smartnvr/license',
      {
        schema: {
          summary: 'The licensed smart NVR of the cloud named in X-Cloud-Id',
          tags: ['licenses'],
          headers: CloudIdHeaders,
          response: { 200: SmartNvrLicenseResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const cloudId = headerCloudId(request.headers['x-cloud-id']);
        await requireMembership(db, request, cloudId);
        return { deviceId: await findLicensedSmartNvr(db, cloudId, new Date()) };
      },
    );
  };
}

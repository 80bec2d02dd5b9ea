// The Certificate page (docs/guest-access.md#certificate-and-nas) under /apiv2/cloud/{cloudId}/authport: the
// cloud's certificate, its NAS and the sites' RADIUS secrets. The AuthPort scope
// (server/guest-access/scope.ts) has checked manage_sites and that AuthPort is on.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CertificateAnswer,
  CreateNasBody,
  GenerateCertificateBody,
  GenerateSiteSecretBody,
  Nas,
  NasCandidates,
  NasCandidatesQuery,
  NasList,
  NasListQuery,
  NasParams,
  SiteSecretAnswer,
  SiteSecretBody,
  SiteSecretList,
  SiteSecretListQuery,
  SiteSecretParams,
  UpdateNasBody,
  UploadCertificateBody,
} from '../../../core/api/guest-certificate.ts';
import { actorOf } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import {
  certificatePem,
  createNas,
  deleteNas,
  findNas,
  generateSiteSecret,
  listNas,
  listSiteSecrets,
  nasCandidates,
  readCertificate,
  revealSiteSecret,
  storeCertificate,
  storeSiteSecret,
  updateNas,
} from './repository.ts';
import { CertificateRefused, checkUpload, selfSignedCertificate } from './x509.ts';

const tags = ['guest access'];
const PemFile = Type.Unsafe<string>({ type: 'string', description: 'application/x-pem-file' });

export function guestCertificateRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, secrets } = ctx;
  return async (app) => {
    const answer = async (cloudId: number) => ({
      certificate: await readCertificate(db, cloudId, new Date()),
    });

    app.get(
      '/certificate',
      {
        schema: {
          tags,
          operationId: 'getGuestCertificate',
          summary:
            "The cloud's TLS certificate for its portal and RADIUS EAP: subject, issuer, SHA-256 fingerprint, " +
            'validity and days left (null when it has none); its key is never sent',
          params: CloudParams,
          response: { 200: CertificateAnswer, ...signedInErrors },
        },
      },
      async (request) => answer(request.params.cloudId),
    );

    app.get(
      '/certificate/pem',
      {
        schema: {
          tags,
          operationId: 'downloadGuestCertificate',
          summary:
            "The cloud's certificate as a PEM file (never its key), for the devices that check the RADIUS " +
            "service's EAP-TTLS against it; 404 when the cloud has none",
          params: CloudParams,
          response: { 200: PemFile, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const found = await certificatePem(db, request.params.cloudId);
        if (!found) throw errors.notFound('This cloud has no certificate.');
        const name = /CN=([A-Za-z0-9.-]{1,64})/.exec(found.subject)?.[1] ?? 'authport-certificate';
        return reply
          .header('content-type', 'application/x-pem-file')
          .header('content-disposition', `attachment; filename="${name}.pem"`)
          .send(found.pem);
      },
    );

    app.post(
      '/certificate',
      {
        schema: {
          tags,
          operationId: 'generateGuestCertificate',
          summary:
            'Makes a self-signed certificate for the name (RSA 2048 or EC P-256, valid from now for the days ' +
            "asked) and keeps it as the cloud's, in place of the one before",
          params: CloudParams,
          body: GenerateCertificateBody,
          response: { 201: CertificateAnswer, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        const made = await selfSignedCertificate({
          commonName: request.body.common_name,
          days: request.body.days,
          keyType: request.body.key_type,
          now: new Date(),
        });
        await storeCertificate(db, secrets, actorOf(request), { cloudId, ...made, how: 'generated' });
        reply.code(201);
        return answer(cloudId);
      },
    );

    app.put(
      '/certificate',
      {
        schema: {
          tags,
          operationId: 'uploadGuestCertificate',
          summary:
            'Keeps an uploaded certificate (PEM, with its chain after it) and its private key (PEM, not ' +
            'encrypted) as the cloud’s: both must read, the key must be the certificate’s and the ' +
            'certificate not expired (400 not_a_certificate, not_a_key, key_mismatch, expired)',
          params: CloudParams,
          body: UploadCertificateBody,
          response: { 200: CertificateAnswer, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        let checked: ReturnType<typeof checkUpload>;
        try {
          checked = checkUpload(request.body.certificate_pem, request.body.key_pem, new Date());
        } catch (error) {
          if (!(error instanceof CertificateRefused)) throw error;
          throw errors.validation([
            { errorCode: error.code, location: 'body', path: `/${error.field}`, message: error.message },
          ]);
        }
        await storeCertificate(db, secrets, actorOf(request), {
          cloudId,
          certificatePem: checked.certificatePem,
          keyPem: checked.keyPem,
          facts: checked.facts,
          how: 'uploaded',
        });
        return answer(cloudId);
      },
    );

    app.get(
      '/nas',
      {
        schema: {
          tags,
          operationId: 'listGuestNas',
          summary: "One page of the cloud's RADIUS clients (NAS) in the order they were added, or one site's",
          params: CloudParams,
          querystring: NasListQuery,
          response: { 200: NasList, ...signedInErrors },
        },
      },
      async (request) => listNas(db, request.params.cloudId, request.query),
    );

    app.get(
      '/nas/candidates',
      {
        schema: {
          tags,
          operationId: 'listGuestNasCandidates',
          summary: 'The access points and gateways of a site, with an address, that are not a NAS yet',
          params: CloudParams,
          querystring: NasCandidatesQuery,
          response: { 200: NasCandidates, ...signedInErrors },
        },
      },
      async (request) => nasCandidates(db, request.params.cloudId, request.query.site_id),
    );

    app.post(
      '/nas',
      {
        schema: {
          tags,
          operationId: 'createGuestNas',
          summary:
            "Adds a NAS to a site: one of the site's access points or gateways (at the device's address) or a " +
            'test NAS by address; an address is one NAS console-wide (409)',
          params: CloudParams,
          body: CreateNasBody,
          response: { 201: Nas, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request, reply) => {
        const nas = await createNas(db, actorOf(request), request.params.cloudId, request.body);
        reply.code(201);
        return nas;
      },
    );

    app.patch(
      '/nas/:nasId',
      {
        schema: {
          tags,
          operationId: 'updateGuestNas',
          summary: "Changes a NAS's name, address or CoA port (an address is one NAS console-wide: 409)",
          params: NasParams,
          body: UpdateNasBody,
          response: { 200: Nas, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) =>
        updateNas(db, actorOf(request), request.params.cloudId, request.params.nasId, request.body),
    );

    app.delete(
      '/nas/:nasId',
      {
        schema: {
          tags,
          operationId: 'deleteGuestNas',
          summary: 'Removes a NAS: its requests are dropped from then on; its sessions stay in History',
          params: NasParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        await findNas(db, request.params.cloudId, request.params.nasId);
        await deleteNas(db, actorOf(request), request.params.cloudId, request.params.nasId);
        return { ok: true as const };
      },
    );

    app.get(
      '/site-secrets',
      {
        schema: {
          tags,
          operationId: 'listGuestSiteSecrets',
          summary:
            "One page of the cloud's sites by name: whether each has a RADIUS shared secret (never the secret) " +
            'and how many NAS',
          params: CloudParams,
          querystring: SiteSecretListQuery,
          response: { 200: SiteSecretList, ...signedInErrors },
        },
      },
      async (request) => listSiteSecrets(db, request.params.cloudId, request.query),
    );

    app.get(
      '/sites/:siteId/secret',
      {
        schema: {
          tags,
          operationId: 'showGuestSiteSecret',
          summary: "A site's RADIUS shared secret, shown (404 while it has none)",
          params: SiteSecretParams,
          response: { 200: SiteSecretAnswer, ...signedInErrors },
        },
      },
      async (request) => ({
        site_id: request.params.siteId,
        secret: await revealSiteSecret(db, secrets, request.params.cloudId, request.params.siteId),
      }),
    );

    app.put(
      '/sites/:siteId/secret',
      {
        schema: {
          tags,
          operationId: 'setGuestSiteSecret',
          summary:
            "Sets a site's RADIUS shared secret (8 to 128 printable characters), which all its NAS use",
          params: SiteSecretParams,
          body: SiteSecretBody,
          response: { 200: SiteSecretAnswer, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const { secret } = request.body;
        await storeSiteSecret(db, secrets, actorOf(request), { cloudId, siteId, secret, generated: false });
        return { site_id: siteId, secret };
      },
    );

    app.post(
      '/sites/:siteId/secret',
      {
        schema: {
          tags,
          operationId: 'generateGuestSiteSecret',
          summary: 'Gives a site a new random RADIUS shared secret and answers it',
          params: SiteSecretParams,
          body: GenerateSiteSecretBody,
          response: { 200: SiteSecretAnswer, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const secret = generateSiteSecret();
        await storeSiteSecret(db, secrets, actorOf(request), { cloudId, siteId, secret, generated: true });
        return { site_id: siteId, secret };
      },
    );
  };
}

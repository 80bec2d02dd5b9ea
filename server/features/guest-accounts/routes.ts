// Guest accounts and vouchers (docs/guest-access.md#accounts-and-vouchers) under
// /apiv2/cloud/{cloudId}/authport: the AuthPort scope (server/guest-access/scope.ts) has checked
// manage_sites and that AuthPort is on.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import {
  CreatedGuestAccount,
  CreateGuestAccountBody,
  CreateVoucherBatchBody,
  ExtendGuestAccountBody,
  GuestAccount,
  GuestAccountExportQuery,
  GuestAccountList,
  GuestAccountListQuery,
  GuestAccountParams,
  VoucherBatch,
  VoucherBatchList,
  VoucherBatchListQuery,
  VoucherBatchParams,
} from '../../../core/api/guest-accounts.ts';
import { actorOf } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas } from '../../errors.ts';
import { changeSessions, disconnectSessions } from '../../guest-access/coa.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import {
  accountsWithOpenSessions,
  batchSheet,
  createBatch,
  deleteBatch,
  findBatch,
  listBatches,
} from './batches.ts';
import {
  createAccount,
  deleteAccount,
  exportAccounts,
  extendAccount,
  findAccount,
  listAccounts,
  revokeAccount,
} from './repository.ts';
import { voucherSheetPdfInWorker } from './voucher-sheet.ts';

const tags = ['guest access'];
const CsvStream = Type.Unsafe<Readable>({ type: 'string', description: 'text/csv (RFC 4180)' });
const PdfFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' });

/** A file name part made of what is safe in a header. */
const fileNamePart = (text: string) =>
  text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'batch';
const today = () => new Date().toISOString().slice(0, 10);

export function guestAccountRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;

  /**
   * Ends the open sessions of the accounts named, as revoked. The revocation or deletion stands whatever
   * the access points answer (docs/guest-access.md#accounts-and-vouchers).
   */
  async function endSessions(
    log: FastifyBaseLogger,
    cloudId: number,
    accountIds: number[],
    userId: number | null,
  ) {
    for (const accountId of accountIds) {
      try {
        await disconnectSessions(ctx, { cloudId, accountId }, { userId, cause: 'revoked' });
      } catch (error) {
        log.warn({ err: error, accountId }, 'sessions of a revoked guest account not disconnected');
      }
    }
  }

  return async (app) => {
    app.get(
      '/accounts',
      {
        schema: {
          tags,
          operationId: 'listGuestAccounts',
          summary:
            'Guest accounts and vouchers, newest first: search in username, email and note; filter by state, ' +
            'account or voucher, plan and batch',
          params: CloudParams,
          querystring: GuestAccountListQuery,
          response: { 200: GuestAccountList, ...signedInErrors },
        },
      },
      async (request) => listAccounts(db, request.params.cloudId, request.query),
    );

    app.get(
      '/accounts/export',
      {
        schema: {
          tags,
          operationId: 'exportGuestAccounts',
          summary: 'Every guest account and voucher the list shows for the same search and filters, as CSV',
          params: CloudParams,
          querystring: GuestAccountExportQuery,
          response: { 200: CsvStream, ...signedInErrors },
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="guest-accounts-${request.params.cloudId}-${today()}.csv"`,
          )
          .send(Readable.from(exportAccounts(db, request.params.cloudId, request.query))),
    );

    app.post(
      '/accounts',
      {
        schema: {
          tags,
          operationId: 'createGuestAccount',
          summary:
            "Makes a person's guest account: a username and password (made up when none is given) or an " +
            'email address; the password is answered this once',
          params: CloudParams,
          body: CreateGuestAccountBody,
          response: { 201: CreatedGuestAccount, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request, reply) => {
        const created = await createAccount(
          db,
          ctx.secrets,
          actorOf(request),
          request.params.cloudId,
          request.body,
        );
        reply.code(201);
        return created;
      },
    );

    app.get(
      '/accounts/:accountId',
      {
        schema: {
          tags,
          operationId: 'getGuestAccount',
          summary: 'One guest account or voucher',
          params: GuestAccountParams,
          response: { 200: GuestAccount, ...signedInErrors },
        },
      },
      async (request) => findAccount(db, request.params.cloudId, request.params.accountId),
    );

    app.post(
      '/accounts/:accountId/revoke',
      {
        schema: {
          tags,
          operationId: 'revokeGuestAccount',
          summary: 'Revokes a guest account or voucher: it signs in no more, and its open sessions are ended',
          params: GuestAccountParams,
          response: { 200: GuestAccount, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, accountId } = request.params;
        const actor = actorOf(request);
        if (await revokeAccount(db, actor, cloudId, accountId))
          await endSessions(request.log, cloudId, [accountId], actor.userId);
        return findAccount(db, cloudId, accountId);
      },
    );

    app.post(
      '/accounts/:accountId/extend',
      {
        schema: {
          tags,
          operationId: 'extendGuestAccount',
          summary: 'Gives a guest account or voucher a later end: its validity, its own last day, or both',
          params: GuestAccountParams,
          body: ExtendGuestAccountBody,
          response: { 200: GuestAccount, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const { cloudId, accountId } = request.params;
        const account = await extendAccount(db, actorOf(request), cloudId, accountId, request.body);
        // Open sessions get their new time (docs/guest-access.md#disconnect-and-change); the change stands
        // whatever the access points answer.
        try {
          await changeSessions(ctx, { cloudId, accountId });
        } catch (error) {
          request.log.warn({ err: error, accountId }, 'sessions of an extended guest account not updated');
        }
        return account;
      },
    );

    app.delete(
      '/accounts/:accountId',
      {
        schema: {
          tags,
          operationId: 'deleteGuestAccount',
          summary: 'Deletes a guest account or voucher and its session history; its open sessions are ended',
          params: GuestAccountParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, accountId } = request.params;
        const actor = actorOf(request);
        await findAccount(db, cloudId, accountId);
        await endSessions(
          request.log,
          cloudId,
          await accountsWithOpenSessions(db, cloudId, { accountId }),
          actor.userId,
        );
        await deleteAccount(db, actor, cloudId, accountId);
        return { ok: true as const };
      },
    );

    app.get(
      '/voucher-batches',
      {
        schema: {
          tags,
          operationId: 'listVoucherBatches',
          summary: 'Voucher batches, newest first, with how many of each batch are used',
          params: CloudParams,
          querystring: VoucherBatchListQuery,
          response: { 200: VoucherBatchList, ...signedInErrors },
        },
      },
      async (request) => listBatches(db, request.params.cloudId, request.query),
    );

    app.post(
      '/voucher-batches',
      {
        schema: {
          tags,
          operationId: 'createVoucherBatch',
          summary: 'Makes a batch of 1 to 10,000 vouchers on a plan, their codes unique in the cloud',
          params: CloudParams,
          body: CreateVoucherBatchBody,
          response: { 201: VoucherBatch, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request, reply) => {
        const batch = await createBatch(db, actorOf(request), request.params.cloudId, request.body);
        reply.code(201);
        return batch;
      },
    );

    app.get(
      '/voucher-batches/:batchId',
      {
        schema: {
          tags,
          operationId: 'getVoucherBatch',
          summary: 'One voucher batch',
          params: VoucherBatchParams,
          response: { 200: VoucherBatch, ...signedInErrors },
        },
      },
      async (request) => findBatch(db, request.params.cloudId, request.params.batchId),
    );

    app.get(
      '/voucher-batches/:batchId/pdf',
      {
        schema: {
          tags,
          operationId: 'printVoucherBatch',
          summary:
            "A batch's printed sheet: A4 pages of 10 cards to cut out, each with the SSID and the code",
          params: VoucherBatchParams,
          response: { 200: PdfFile, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { batch, plan, codes, ssid } = await batchSheet(
          db,
          request.params.cloudId,
          request.params.batchId,
        );
        const pdf = await voucherSheetPdfInWorker({
          productName: ctx.config.theme.product_name,
          batchName: batch.name,
          plan: {
            name: plan.name,
            priceLabel: plan.priceLabel,
            validFrom: plan.validFrom,
            validityMinutes: plan.validityMinutes,
          },
          ssid,
          expiresAt: batch.expires_at === null ? null : new Date(batch.expires_at),
          shared: batch.shared,
          codes,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="vouchers-${fileNamePart(batch.name)}.pdf"`)
          .send(pdf);
      },
    );

    app.delete(
      '/voucher-batches/:batchId',
      {
        schema: {
          tags,
          operationId: 'deleteVoucherBatch',
          summary: 'Deletes a voucher batch and its vouchers; the open sessions of its vouchers are ended',
          params: VoucherBatchParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, batchId } = request.params;
        const actor = actorOf(request);
        await findBatch(db, cloudId, batchId);
        await endSessions(
          request.log,
          cloudId,
          await accountsWithOpenSessions(db, cloudId, { batchId }),
          actor.userId,
        );
        await deleteBatch(db, actor, cloudId, batchId);
        return { ok: true as const };
      },
    );
  };
}

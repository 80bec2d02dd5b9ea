import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  PasswordChangeBody,
  PasswordConfirmBody,
  ProfileBody,
  RecoveryCodesResponse,
  SecurityResponse,
  SessionParams,
  TwoFactorEnableBody,
  TwoFactorSetupResponse,
} from '../../../core/api/account.ts';
import { type PasswordProblem, passwordProblem } from '../../../core/passwords.ts';
import { isTimeZone } from '../../../core/time-zones.ts';
import { type AuditActor, actorOf } from '../../audit/record.ts';
import { LINK_MAILS_PER_HOUR } from '../../auth/account-links.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { sessionUserId } from '../../auth/request-auth.ts';
import {
  acceptedTotpStep,
  claimTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
} from '../../auth/two-factor.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import {
  type Account,
  changePassword,
  disableTotp,
  enableTotp,
  findAccount,
  listSessions,
  replaceRecoveryCodes,
  signOutSession,
  startTotpEnrolment,
  updateProfile,
} from './account-repository.ts';
import { emailChangeLink, mailEmailChange, requestEmailChange } from './email-change.ts';
import { findUser } from './repository.ts';
import { UserSchema } from './schemas.ts';

const tags = ['account'];
const responses = { ...signedInErrors, 409: ErrorSchemas.message } as const;

const invalid = (path: string, errorCode: string, message: string) =>
  errors.validation([{ errorCode, location: 'body', path, message }]);

/** The caller's account, with the signed-in user as the change log's actor. */
async function callerAccount(db: Database, request: FastifyRequest) {
  const userId = sessionUserId(request);
  const account = await findAccount(db, userId);
  if (!account) throw errors.unauthorized();
  return { account, actor: { ...actorOf(request), userId } };
}

// A wrong current password is a 400 on its field: a 401 would tell the app the session is gone.
async function checkPassword(account: Account, password: string, path: string) {
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw invalid(path, 'wrong_password', 'The current password is not correct.');
  }
}

/** Your Profile and Account Security: the signed-in user's own account. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config } = ctx;

  /**
   * Mails a link that makes `email` the account's verified address; without a mail server nothing can
   * prove the address, so the change is refused with the reason.
   */
  async function askEmailConfirmation(
    request: FastifyRequest,
    account: Account,
    actor: AuditActor & { userId: number },
    email: string,
  ) {
    if (!config.smtpUrl) throw invalid('/email', 'mail_not_configured', NO_MAIL);
    const asked = await requestEmailChange(db, actor, email);
    if (asked === 'email_taken') throw invalid('/email', 'duplicate', 'Another account uses this email.');
    if (asked === 'too_many') throw invalid('/email', 'too_many_links', TOO_MANY_LINKS);
    void mailEmailChange(ctx.sendMail, request.log, {
      current: account.email,
      language: account.preferredLanguage,
      requested: email,
      productName: config.theme.product_name,
      link: emailChangeLink(config.publicUrl, asked.token),
    });
  }

  return async (app) => {
    app.patch(
      '/profile',
      {
        schema: {
          tags,
          summary: 'Changes the caller’s name, email, time zone, language, formats, units or newsletter',
          body: ProfileBody,
          response: { 200: UserSchema, ...signedInErrors },
        },
      },
      async (request) => {
        const { account, actor } = await callerAccount(db, request);
        const body = request.body;
        if (body.timezone !== undefined && !isTimeZone(body.timezone)) {
          throw invalid('/timezone', 'timezone', 'Unknown time zone.');
        }
        const email = body.email?.trim();
        // Another address, not the same one in other case, waits for its mailed link (docs/security.md).
        const newEmail =
          email !== undefined && email.toLowerCase() !== account.email.toLowerCase() ? email : undefined;
        if (newEmail !== undefined) {
          if (body.current_password === undefined) {
            throw invalid(
              '/current_password',
              'required',
              'Enter your current password to change your email.',
            );
          }
          await checkPassword(account, body.current_password, '/current_password');
          await askEmailConfirmation(request, account, actor, newEmail);
        }
        await updateProfile(db, actor, {
          firstname: body.firstname?.trim(),
          lastname: body.lastname?.trim(),
          email: newEmail === undefined ? email : undefined,
          timezone: body.timezone,
          preferredLanguage: body.preferred_language,
          dateFormat: body.date_format,
          timeFormat: body.time_format,
          measurementUnits: body.measurement_units,
          subscribeNewsletter: body.subscribe_newsletter,
        });
        const user = await findUser(db, actor.userId);
        if (!user) throw errors.unauthorized();
        return user;
      },
    );

    app.post(
      '/email-verification',
      {
        schema: {
          tags,
          summary: 'Mails a link that confirms the caller’s current, not yet verified, email',
          response: { 204: Type.Null(), ...responses },
        },
      },
      async (request, reply) => {
        const { account, actor } = await callerAccount(db, request);
        if (account.emailVerifiedAt !== null) throw errors.conflict('Your email is verified already.');
        await askEmailConfirmation(request, account, actor, account.email);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/security',
      {
        schema: {
          tags,
          summary: 'Two-factor sign-in and the live sessions of the caller',
          response: { 200: SecurityResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { account } = await callerAccount(db, request);
        return {
          two_factor_enabled: account.totpEnabledAt !== null,
          recovery_codes_left: account.recoveryCodes,
          sessions: await listSessions(db, account.id, request.session?.idHash ?? ''),
        };
      },
    );

    app.post(
      '/password',
      {
        schema: {
          tags,
          summary: 'Changes the caller’s password; their other sessions are signed out',
          body: PasswordChangeBody,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { account, actor } = await callerAccount(db, request);
        const { current_password: currentPassword, new_password: newPassword } = request.body;
        await checkPassword(account, currentPassword, '/current_password');
        const problem = passwordProblem(newPassword, {
          email: account.email,
          names: [account.firstname, account.lastname],
        });
        if (problem) throw weakPassword('/new_password', problem);
        if (newPassword === currentPassword) {
          throw invalid('/new_password', 'password_unchanged', 'The new password is the current one.');
        }
        await changePassword(db, actor, await hashPassword(newPassword), request.session?.idHash ?? '');
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/two-factor/setup',
      {
        schema: {
          tags,
          summary: 'Starts two-factor enrolment: a new secret for an authenticator app',
          body: PasswordConfirmBody,
          response: { 200: TwoFactorSetupResponse, ...responses },
        },
      },
      async (request) => {
        const { account } = await callerAccount(db, request);
        await checkPassword(account, request.body.password, '/password');
        const secret = newTotpSecret();
        if (!(await startTotpEnrolment(db, account.id, secret))) throw errors.conflict(TWO_FACTOR_ON);
        return { secret, uri: totpUri(secret, account.email, ctx.config.theme.product_name) };
      },
    );

    app.post(
      '/two-factor/enable',
      {
        schema: {
          tags,
          summary: 'Turns two-factor sign-in on with a first code from the app; answers the recovery codes',
          body: TwoFactorEnableBody,
          response: { 200: RecoveryCodesResponse, ...responses },
        },
      },
      async (request) => {
        const { account, actor } = await callerAccount(db, request);
        if (account.totpEnabledAt) throw errors.conflict(TWO_FACTOR_ON);
        if (!account.totpSecret) throw errors.conflict('Start the two-factor set-up first.');
        const step = await acceptedTotpStep(account.totpSecret, request.body.code, account.totpLastStep);
        if (step === null || !(await claimTotpStep(db, account.id, step))) {
          throw invalid('/code', 'wrong_code', 'The code is not correct. Check the time on your device.');
        }
        const { codes, hashes } = newRecoveryCodes();
        await enableTotp(db, actor, hashes);
        return { recovery_codes: codes };
      },
    );

    app.post(
      '/two-factor/disable',
      {
        schema: {
          tags,
          summary: 'Turns two-factor sign-in off',
          body: PasswordConfirmBody,
          response: { 204: Type.Null(), ...responses },
        },
      },
      async (request, reply) => {
        const { account, actor } = await callerAccount(db, request);
        if (!account.totpEnabledAt) throw errors.conflict(TWO_FACTOR_OFF);
        await checkPassword(account, request.body.password, '/password');
        await disableTotp(db, actor);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/recovery-codes',
      {
        schema: {
          tags,
          summary: 'Replaces the recovery codes; the old ones stop working',
          body: PasswordConfirmBody,
          response: { 200: RecoveryCodesResponse, ...responses },
        },
      },
      async (request) => {
        const { account, actor } = await callerAccount(db, request);
        if (!account.totpEnabledAt) throw errors.conflict(TWO_FACTOR_OFF);
        await checkPassword(account, request.body.password, '/password');
        const { codes, hashes } = newRecoveryCodes();
        await replaceRecoveryCodes(db, actor, hashes);
        return { recovery_codes: codes };
      },
    );

    app.delete(
      '/sessions/:sessionId',
      {
        schema: {
          tags,
          summary: 'Signs one of the caller’s sessions out',
          params: SessionParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { actor } = await callerAccount(db, request);
        if (!(await signOutSession(db, actor, request.params.sessionId))) {
          throw errors.notFound('No such session.');
        }
        return reply.code(204).send(null);
      },
    );
  };
}

const TWO_FACTOR_ON = 'Two-factor sign-in is already on.';
const NO_MAIL =
  'This console cannot send mail, so it cannot confirm a new email. A platform administrator can change it in the Admin Panel.';
const TOO_MANY_LINKS = `You asked for ${LINK_MAILS_PER_HOUR} links within the hour: open the newest, or try again later.`;
const TWO_FACTOR_OFF = 'Two-factor sign-in is off.';

/** The 400 for a password core/passwords.ts refuses, on the field that holds it. */
export const weakPassword = (path: string, problem: PasswordProblem) =>
  invalid(path, `password_${problem}`, PASSWORD_PROBLEMS[problem]);

const PASSWORD_PROBLEMS = {
  short: 'Use at least 10 characters.',
  long: 'Use at most 1024 characters.',
  guessable: 'This password is too easy to guess.',
  personal: 'Do not use your name or email in your password.',
} as const;

// The voucher page's calls (docs/guest-access.md#the-voucher-page), under /apiv2/guest-portal: no session and
// no CSRF token (a guest has neither), and nothing of the console in any answer but the portal's look.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  PORTAL_IMAGES,
  PortalLoginBody,
  type PortalLoginError,
  PortalLoginResult,
  PublicPortal,
  PublicPortalImageParams,
  PublicPortalImageQuery,
  PublicPortalQuery,
} from '../../../core/api/guest-portals.ts';
import { DEFAULT_LOCALE, LOCALE_CODES } from '../../../core/locales.ts';
import { clearAttempts, reservePairAttempt } from '../../auth/throttle.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { checkGuestLogin } from '../../guest-access/authorize.ts';
import { untrustedContent } from '../../untrusted-reply.ts';
import {
  createFreeAccount,
  findNasPortal,
  findPlan,
  type NasPortal,
  publicPortalImage,
} from './public-repository.ts';

const tags = ['guest portal'];
const publicCall = { public: true, csrfExempt: true } as const;
const NO_PORTAL = 'There is no sign-in page here.';

/** The messages of the refusals, in English; the voucher page shows its own text for each code. */
const MESSAGES: Record<PortalLoginError, string> = {
  unknown: 'This code is not known.',
  wrong_password: 'Wrong username or password.',
  expired: 'This code or account has expired.',
  used_up: 'The time or data of this code or account is used up.',
  revoked: 'This code or account is no longer valid.',
  too_many_devices: 'This code or account is already in use on as many devices as it allows.',
  not_here: 'This code or account is not valid on this network.',
  method_not_allowed: 'This way of signing in is not offered here.',
  terms_not_accepted: 'Accept the terms of use to go on.',
};

const REFUSAL_PATH: Record<PortalLoginError, string> = {
  unknown: '/code',
  wrong_password: '/password',
  expired: '/',
  used_up: '/',
  revoked: '/',
  too_many_devices: '/',
  not_here: '/',
  method_not_allowed: '/method',
  terms_not_accepted: '/accept_terms',
};

const refusal = (code: PortalLoginError) =>
  errors.validation([
    { errorCode: code, location: 'body', path: REFUSAL_PATH[code], message: MESSAGES[code] },
  ]);
const required = (field: string, message: string) =>
  errors.validation([{ errorCode: 'required', location: 'body', path: `/${field}`, message }]);

/** Thrown inside the free account's transaction to undo it when the guest may not get on. */
class Refused extends Error {
  readonly code: PortalLoginError;
  constructor(code: PortalLoginError) {
    super(code);
    this.code = code;
  }
}

/** The texts in the language asked for when the portal has them, else English, else any. */
function textsIn(portal: NasPortal, lang: string | undefined) {
  const texts = portal.texts ?? {};
  const language =
    [lang, DEFAULT_LOCALE, ...LOCALE_CODES].find(
      (code): code is keyof typeof texts => code !== undefined && Object.hasOwn(texts, code),
    ) ?? null;
  const chosen = language ? texts[language] : undefined;
  return { language, welcome: chosen?.welcome ?? '', terms: chosen?.terms ?? '' };
}

const imageUrl = (portal: NasPortal, kind: 'logo' | 'background', fileId: number | null) =>
  fileId === null ? null : `/apiv2/guest-portal/${portal.id}/${kind}?file=${fileId}`;

/** The reason a guest may not get on, as the page's code: an account's name is never told apart from its password. */
function reasonCode(reason: string, method: 'voucher' | 'account'): PortalLoginError {
  if (reason === 'unknown' || reason === 'wrong_password')
    return method === 'voucher' ? 'unknown' : 'wrong_password';
  const known: readonly string[] = ['expired', 'used_up', 'revoked', 'too_many_devices', 'not_here'];
  return known.includes(reason) ? (reason as PortalLoginError) : 'unknown';
}

export function guestPortalPublicRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, secrets } = ctx;
  return async (app) => {
    app.get(
      '/',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          operationId: 'getGuestPortal',
          summary:
            "The look of the portal a NAS's guests see: colours, images, texts in one language, methods",
          querystring: PublicPortalQuery,
          response: { 200: PublicPortal, 400: ErrorSchemas.validation, 404: ErrorSchemas.message },
        },
      },
      async (request) => {
        const { nas, ssid, lang } = request.query;
        const portal = await findNasPortal(db, nas, ssid?.trim() || null);
        if (!portal) throw errors.notFound(NO_PORTAL);
        return {
          name: portal.name,
          primary_color: portal.primary_color,
          background_color: portal.background_color,
          text_color: portal.text_color,
          ...textsIn(portal, lang),
          methods: portal.methods,
          logo_url: imageUrl(portal, 'logo', portal.logo_file_id),
          background_url: imageUrl(portal, 'background', portal.background_file_id),
        };
      },
    );

    app.get(
      `/:portalId/:image`,
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          operationId: 'getGuestPortalImage',
          summary: `A portal's ${PORTAL_IMAGES.join(' or ')} image, by the file its look names`,
          params: PublicPortalImageParams,
          querystring: PublicPortalImageQuery,
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
            400: ErrorSchemas.validation,
            404: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        const { portalId, image } = request.params;
        const file = await publicPortalImage(db, portalId, image, request.query.file);
        if (!file) throw errors.notFound('No such image.');
        return (
          untrustedContent(reply, file.content_type)
            // The address names the upload: a new image has a new address.
            .header('cache-control', 'public, max-age=86400, immutable')
            .send(Buffer.from(file.data))
        );
      },
    );

    app.post(
      '/login',
      {
        config: publicCall,
        schema: {
          tags,
          security: [],
          operationId: 'guestPortalLogin',
          summary:
            "Checks a guest's voucher, account, click-through or email at a NAS's portal, and answers the " +
            'credentials its page hands to the NAS; each address has a few tries',
          body: PortalLoginBody,
          response: {
            200: PortalLoginResult,
            400: ErrorSchemas.validation,
            404: ErrorSchemas.message,
            429: ErrorSchemas.message,
          },
        },
      },
      async (request) => {
        const body = request.body;
        // As at the console's own sign-in: each try is reserved before it is checked (docs/security.md).
        const key = `guest-portal|${request.ip}`;
        const wait = await reservePairAttempt(db, key);
        if (wait > 0) throw errors.tooManyRequests(wait, 'Too many attempts. Try again later.');
        const ssid = body.ssid?.trim() || null;
        const portal = await findNasPortal(db, body.nas, ssid);
        if (!portal) throw errors.notFound(NO_PORTAL);
        if (!portal.methods.includes(body.method)) throw refusal('method_not_allowed');
        const guest = {
          cloudId: portal.cloud_id,
          siteId: portal.site_id,
          ssid,
          mac: body.mac,
          now: new Date(),
        };
        const redirect_url = portal.redirect_url || null;

        if (body.method === 'voucher' || body.method === 'account') {
          const username = body.method === 'voucher' ? body.code?.trim() : body.username?.trim();
          const password = body.method === 'voucher' ? username : body.password;
          if (!username)
            throw body.method === 'voucher'
              ? required('code', 'Enter the code.')
              : required('username', 'Enter your username.');
          if (!password) throw required('password', 'Enter your password.');
          const result = await checkGuestLogin(db, secrets, { ...guest, username, password });
          if (!result.ok) throw refusal(reasonCode(result.reason, body.method));
          await clearAttempts(db, [key]);
          // A voucher's code is its name and password as stored.
          const name = result.account.username;
          return { username: name, password: body.method === 'voucher' ? name : password, redirect_url };
        }

        if (body.accept_terms !== true) throw refusal('terms_not_accepted');
        const email = body.method === 'email' ? body.email?.trim().toLowerCase() : null;
        if (body.method === 'email' && !email) throw required('email', 'Enter your email address.');
        const plan =
          portal.free_plan_id === null ? null : await findPlan(db, portal.cloud_id, portal.free_plan_id);
        if (!plan) throw refusal('method_not_allowed');
        try {
          const credentials = await db.transaction(async (tx) => {
            const made = await createFreeAccount(tx, secrets, {
              cloudId: portal.cloud_id,
              plan,
              kind: body.method === 'email' ? 'email' : 'click_through',
              email: email ?? null,
              now: guest.now,
            });
            const result = await checkGuestLogin(tx, secrets, { ...guest, ...made });
            if (!result.ok) throw new Refused(reasonCode(result.reason, 'account'));
            return made;
          });
          await clearAttempts(db, [key]);
          return { ...credentials, redirect_url };
        } catch (error) {
          if (error instanceof Refused) throw refusal(error.code);
          throw error;
        }
      },
    );
  };
}

// Schemas of the Web Push calls (docs/states.md push notifications toggle), shared by server and web app.
import { type Static, Type } from 'typebox';
import { closed } from './closed.ts';

/** Longest push service URL accepted; real ones (FCM, Mozilla, Apple, Windows) stay well under 1,000. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2_000;
/** Browsers one user may receive push notifications in; saving one more drops the least recently refreshed. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

export const VapidPublicKeyResponse = Type.Object({
  /** The server's VAPID public key (base64url, uncompressed P-256 point): PushManager's applicationServerKey. */
  public_key: Type.String(),
});
export type VapidPublicKey = Static<typeof VapidPublicKeyResponse>;

const PushEndpoint = Type.String({
  format: 'uri',
  pattern: '^https://',
  minLength: 9,
  maxLength: PUSH_ENDPOINT_MAX_LENGTH,
});

/** PushSubscription.toJSON() of a browser: the push service URL and the keys that encrypt for it (RFC 8291). */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: PushEndpoint,
    keys: Type.Object(
      {
        /** base64url of the browser's 65-byte uncompressed P-256 public key (0x04 first, so 'B'). */
        p256dh: Type.String({ pattern: '^B[A-Za-z0-9_-]{86}=?$' }),
        /** base64url of the 16-byte authentication secret. */
        auth: Type.String({ pattern: '^[A-Za-z0-9_-]{22}(==)?$' }),
      },
      closed,
    ),
  },
  closed,
);
export type PushSubscriptionJson = Static<typeof PushSubscriptionBody>;

export const PushEndpointBody = Type.Object({ endpoint: PushEndpoint }, closed);
export type PushEndpointSelector = Static<typeof PushEndpointBody>;

/** POST /apiv2/user/push-subscriptions/test: how many of the caller's browsers the push services took it for. */
export const PushTestResponse = Type.Object({
  sent: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
});
export type PushTestResult = Static<typeof PushTestResponse>;

/** What the service worker receives in a push and shows as a notification. */
export type PushMessage = {
  readonly title: string;
  readonly body: string;
  /** The console page a click on the notification opens (same origin, from the route registry). */
  readonly url: string;
  /** Notifications with the same tag replace each other. */
  readonly tag?: string;
};

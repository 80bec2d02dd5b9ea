// The browser's side of Web Push: the service worker and PushManager. A refusal or a missing feature
// becomes PushUnavailableError, for which the toggle shows the docs/errors.md push failure text.
import type { PushSubscriptionJson } from '../../../core/api/push.ts';

/** Served from the site root (web/public), so its scope covers every page of the console. */
export const PUSH_WORKER_URL = '/push-service-worker.js';

export class PushUnavailableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`Push notifications unavailable: ${reason}`, options);
    this.name = 'PushUnavailableError';
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === expected[index]);
}

/** What the server stores: the endpoint and the keys, nothing else of toJSON(). */
export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushUnavailableError('subscription without keys');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** The console's worker registration, if this browser has one; never asks the user anything. */
async function currentRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await currentRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Subscribes with the server's key; a subscription made with another key is replaced. */
async function subscribeWith(registration: ServiceWorkerRegistration, publicKey: string) {
  const applicationServerKey = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** Asks for permission, registers the worker and subscribes (the steps of turning push on). */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionJson> {
  if (!pushSupported()) throw new PushUnavailableError('not supported');
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new PushUnavailableError(`permission ${permission}`);
    await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
    // Subscribing needs an active worker; ready waits for it.
    const registration = await navigator.serviceWorker.ready;
    return subscriptionJson(await subscribeWith(registration, publicKey));
  } catch (error) {
    throw error instanceof PushUnavailableError
      ? error
      : new PushUnavailableError(String(error), { cause: error });
  }
}

/**
 * The token refresh (docs/constants.md): the browser's current subscription, subscribed again when the browser
 * dropped it. Null when this browser never turned push on or the permission is gone: nothing to refresh.
 */
export async function renewSubscription(
  publicKey: () => Promise<string>,
): Promise<PushSubscriptionJson | null> {
  const registration = await currentRegistration();
  if (!registration || Notification.permission !== 'granted') return null;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await subscribeWith(registration, await publicKey()));
  return subscriptionJson(subscription);
}

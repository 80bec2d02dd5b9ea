import webpush, { WebPushError } from 'web-push';
import type { PushMessage } from '../../../core/api/push.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { pushServiceUrl } from './push-service-hosts.ts';
import { forgetSubscription, listSubscriptions, type StoredPushSubscription } from './repository.ts';
import { vapidKeys } from './vapid-keys.ts';

/** What sending needs from the app: the database and the configuration (for the VAPID subject). */
export type PushContext = { readonly db: Database; readonly config: Config };

export type PushOutcome = {
  /** Subscriptions the push service accepted the message for. */
  sent: number;
  /**
   * Subscriptions it refused or could not be reached for, and ones whose host is no longer a configured
   * push service; those and the ones the push service says are gone are removed.
   */
  failed: number;
  removed: number;
};

/** A push service keeps an undelivered message this long (an alert older than a day is old news). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer in time must not hold up the alerts after it. */
const PUSH_TIMEOUT_MS = 10_000;
/** Used when the deployment sets no PUSH_SUBJECT and has no https help page to name as its contact. */
export const FALLBACK_PUSH_SUBJECT = 'mailto:webpush@example.com';

/**
 * The VAPID subject push services may contact the operator through (RFC 8292 §2.1): PUSH_SUBJECT, else the
 * deployment's help page when it is an https URL, else a placeholder address (Apple refuses localhost ones).
 */
export function pushSubject(config: Config): string {
  if (config.pushSubject) return config.pushSubject;
  const help = config.theme.help_url;
  return help?.startsWith('https://') ? help : FALLBACK_PUSH_SUBJECT;
}

/** The push service answers 404 or 410 for a subscription the browser dropped (RFC 8030 §7.3). */
const isGone = (error: unknown) =>
  error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410);

/** Sends the message to every browser the users subscribed; subscriptions the push service says are gone go. */
export async function sendPush(
  ctx: PushContext,
  userIds: readonly number[],
  message: PushMessage,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, failed: 0, removed: 0 };
  const subscriptions: StoredPushSubscription[] = [];
  for (const subscription of await listSubscriptions(ctx.db, userIds)) {
    const url = pushServiceUrl(subscription.endpoint, ctx.config.pushServiceHosts);
    if (url) {
      subscriptions.push({ ...subscription, endpoint: url.href });
      continue;
    }
    // Saved while PUSH_SERVICE_HOSTS allowed its host; the server sends nowhere else.
    await forgetSubscription(ctx.db, subscription.id);
    outcome.failed += 1;
    outcome.removed += 1;
  }
  if (subscriptions.length === 0) return outcome;
  const keys = await vapidKeys(ctx.db);
  const options = {
    vapidDetails: { subject: pushSubject(ctx.config), ...keys },
    TTL: PUSH_TTL_SECONDS,
    timeout: PUSH_TIMEOUT_MS,
  };
  const payload = JSON.stringify(message);
  const results = await Promise.allSettled(
    subscriptions.map((subscription) => webpush.sendNotification(subscription, payload, options)),
  );
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') {
      outcome.sent += 1;
      continue;
    }
    outcome.failed += 1;
    const subscription = subscriptions[index];
    if (subscription && isGone(result.reason)) {
      await forgetSubscription(ctx.db, subscription.id);
      outcome.removed += 1;
    }
  }
  return outcome;
}

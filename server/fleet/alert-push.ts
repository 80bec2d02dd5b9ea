import type { FastifyBaseLogger } from 'fastify';
import { type NewAlert, notifyAlert } from '../features/push/notify-alert.ts';
import type { PushContext } from '../features/push/send-push.ts';

/**
 * Sends each new alert as a Web Push message to the members who want it, one after the other and after
 * the alert was committed: a slow push service delays other pushes, never a device's answer.
 */
export function createAlertPusher(ctx: PushContext, log: Pick<FastifyBaseLogger, 'error'>) {
  let queue: NewAlert[] = [];
  let sending: Promise<void> | null = null;
  async function drain() {
    while (queue.length > 0) {
      const alerts = queue;
      queue = [];
      for (const alert of alerts) {
        try {
          await notifyAlert(ctx, alert);
        } catch (error) {
          log.error({ err: error, alertId: alert.id }, 'push notification of an alert failed');
        }
      }
    }
    sending = null;
  }
  return {
    push(alerts: NewAlert[]) {
      queue.push(...alerts);
      sending ??= drain();
    },
    /** Waits until every alert handed over so far was sent. */
    async idle() {
      await sending;
    },
  };
}

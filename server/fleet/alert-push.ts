import type { FastifyBaseLogger } from 'fastify';
import { mutedAlertIds } from '../features/alerts/mutes.ts';
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
      // Planned work raises no noise: an alert within a maintenance window is kept but pushed to nobody.
      const muted = await mutedAlertIds(
        ctx.db,
        alerts.map((alert) => alert.id),
      ).catch((error: unknown) => {
        log.error({ err: error }, 'reading the maintenance windows of new alerts failed');
        return new Set<number>();
      });
      for (const alert of alerts) {
        if (muted.has(alert.id)) continue;
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

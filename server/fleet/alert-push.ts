import type { FastifyBaseLogger } from 'fastify';
import { mutedAlertIds } from '../features/alerts/mutes.ts';
import { type NotifyContext, notifyAlerts } from '../features/push/notify-alert.ts';
import type { NewAlert } from './new-alert.ts';

/**
 * Notifies the members each new alert reaches, by Web Push and by email, one pass after the other and after
 * the alerts were committed: a slow push service or mail server delays other notifications, never a device's
 * answer. The alerts handed over while a pass runs go together into the next, so a storm of alerts is one
 * mail per member.
 */
export function createAlertPusher(ctx: NotifyContext, log: Pick<FastifyBaseLogger, 'error' | 'warn'>) {
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
      const audible = alerts.filter((alert) => !muted.has(alert.id));
      if (audible.length === 0) continue;
      try {
        await notifyAlerts(ctx, log, audible);
      } catch (error) {
        log.error({ err: error, alerts: audible.length }, 'notifying members of new alerts failed');
      }
    }
    sending = null;
  }
  return {
    push(alerts: readonly NewAlert[]) {
      // One by one: spreading a mass outage's 100,000 alerts as arguments overflows the call stack.
      for (const alert of alerts) queue.push(alert);
      sending ??= drain();
    },
    /** Waits until every alert handed over so far was sent. */
    async idle() {
      await sending;
    },
  };
}

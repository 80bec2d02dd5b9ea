// docs/webhooks.md#formats: the body a receiver gets. JSON is the event itself; Slack, Microsoft Teams and
// generic chat get a message made from it, so the receiver is the chat service's incoming webhook.
import type { WebhookFormat } from '../../../core/api/webhooks.ts';

/** The JSON body of an event (docs/webhooks.md#the-json-format), as queued. */
export type WebhookPayload = {
  id: string;
  event: string;
  version: number;
  occurred_at: string;
  cloud_id: number;
  site_id: number | null;
  data: Record<string, unknown>;
};

const TITLES: Record<string, string> = {
  'alert.raised': 'Alert raised',
  'alert.resolved': 'Alert resolved',
  'device.status_changed': 'Device status changed',
  'device.adopted': 'Device adopted',
  'task.finished': 'Task finished',
  'task.failed': 'Task failed',
  'config.applied': 'Configuration applied',
  'config.drifted': 'Configuration drifted',
  'firmware_rollout.stopped': 'Firmware rollout stopped',
  'guest_session.ended': 'Guest session ended',
  'webhook.test': 'Test delivery',
};

/** Words for the state a few fields carry, as "HEALTH_CRITICAL" reads "critical". */
const word = (value: unknown) =>
  String(value)
    .replace(/^(HEALTH|STATUS|TASK)_/, '')
    .replaceAll('_', ' ')
    .toLowerCase();

/** One line that says what happened, for the chat formats. */
export function summaryOf(payload: WebhookPayload, productName: string): { title: string; text: string } {
  const title = `${productName}: ${TITLES[payload.event] ?? payload.event}`;
  const d = payload.data;
  const where = [
    `cloud ${payload.cloud_id}`,
    payload.site_id === null ? null : `site ${payload.site_id}`,
    d.device_id ? `device ${d.device_id}` : d.snvr_device_id ? `recorder ${d.snvr_device_id}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const what = (() => {
    switch (payload.event) {
      case 'alert.raised':
      case 'alert.resolved':
        return `${d.alert_type} (${word(d.health_id)})`;
      case 'device.status_changed':
        return `${word(d.status_id)}, health ${word(d.health_id)}`;
      case 'device.adopted':
        return `${d.name ?? d.mac} (${d.mac})`;
      case 'task.finished':
      case 'task.failed':
        return `task ${d.task_id} (${d.type_id}): ${word(d.task_state)}`;
      case 'firmware_rollout.stopped':
        return `task ${d.task_id}: ${d.reason}`;
      case 'guest_session.ended':
        return `${d.username} (${d.mac}): ${word(d.end_reason)}`;
      case 'webhook.test':
        return 'This is a test delivery from the console.';
      default:
        return '';
    }
  })();
  return { title, text: [what, where].filter(Boolean).join(' · ') };
}

const THEME: Record<string, string> = {
  'alert.raised': 'D32F2F',
  'task.failed': 'D32F2F',
  'firmware_rollout.stopped': 'D32F2F',
  'config.drifted': 'ED6C02',
  'alert.resolved': '2E7D32',
};

/** The body sent for a format. */
export function renderBody(payload: WebhookPayload, format: WebhookFormat, productName: string): string {
  if (format === 'json') return JSON.stringify(payload);
  const { title, text } = summaryOf(payload, productName);
  if (format === 'slack')
    return JSON.stringify({
      text: `${title}: ${text}`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: title } },
        { type: 'section', text: { type: 'mrkdwn', text } },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: `${payload.event} · ${payload.occurred_at} · ${payload.id}` }],
        },
      ],
    });
  if (format === 'teams')
    return JSON.stringify({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: title,
      themeColor: THEME[payload.event] ?? '0078D7',
      title,
      text,
      sections: [
        {
          facts: [
            { name: 'Event', value: payload.event },
            { name: 'Time', value: payload.occurred_at },
            { name: 'Event id', value: payload.id },
          ],
        },
      ],
    });
  return JSON.stringify({ text: `${title}: ${text}` });
}

// The words the Webhooks page shows for the webhooks' enumerations (docs/webhooks.md#events).

import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import type { WebhookDeliveryState, WebhookEvent, WebhookFormat } from '../../../../core/api/webhooks.ts';
import type { AlertType, HealthId } from '../../../../core/domain.ts';

export const EVENT_KEYS = {
  'alert.raised': 'webhooks.event.alertRaised',
  'alert.resolved': 'webhooks.event.alertResolved',
  'device.status_changed': 'webhooks.event.deviceStatusChanged',
  'device.adopted': 'webhooks.event.deviceAdopted',
  'task.finished': 'webhooks.event.taskFinished',
  'task.failed': 'webhooks.event.taskFailed',
  'config.applied': 'webhooks.event.configApplied',
  'config.drifted': 'webhooks.event.configDrifted',
  'firmware_rollout.stopped': 'webhooks.event.rolloutStopped',
  'guest_session.ended': 'webhooks.event.guestSessionEnded',
} as const satisfies Record<WebhookEvent, string>;

/** The events picker's groups, in order. */
export const EVENT_GROUPS = [
  { key: 'webhooks.group.alerts', events: ['alert.raised', 'alert.resolved'] },
  { key: 'webhooks.group.devices', events: ['device.status_changed', 'device.adopted'] },
  { key: 'webhooks.group.tasks', events: ['task.finished', 'task.failed'] },
  { key: 'webhooks.group.config', events: ['config.applied', 'config.drifted'] },
  { key: 'webhooks.group.firmware', events: ['firmware_rollout.stopped'] },
  { key: 'webhooks.group.guests', events: ['guest_session.ended'] },
] as const satisfies readonly { key: string; events: readonly WebhookEvent[] }[];

export const FORMAT_KEYS = {
  json: 'webhooks.format.json',
  slack: 'webhooks.format.slack',
  teams: 'webhooks.format.teams',
  chat: 'webhooks.format.chat',
} as const satisfies Record<WebhookFormat, string>;

export const HEALTH_KEYS = {
  HEALTH_CRITICAL: 'webhooks.health.critical',
  HEALTH_WARNING: 'webhooks.health.warning',
  HEALTH_NORMAL: 'webhooks.health.normal',
  HEALTH_UNKNOWN: 'webhooks.health.unknown',
} as const satisfies Record<HealthId, string>;

export const DELIVERY_STATE_KEYS = {
  pending: 'webhooks.delivery.pending',
  delivered: 'webhooks.delivery.delivered',
  failed: 'webhooks.delivery.failed',
  given_up: 'webhooks.delivery.givenUp',
} as const satisfies Record<WebhookDeliveryState, string>;

/** Whether a webhook's events include an alert event, so its alert-type and health filters apply. */
export const wantsAlerts = (events: readonly WebhookEvent[]) =>
  events.includes('alert.raised') || events.includes('alert.resolved');

/** The label of a delivery's event: an event kind's words, or the test delivery's. */
export const eventKey = (event: string): (typeof EVENT_KEYS)[WebhookEvent] | 'webhooks.event.test' =>
  event in EVENT_KEYS ? EVENT_KEYS[event as WebhookEvent] : 'webhooks.event.test';

/** A new secret: 32 random bytes as hex (docs/webhooks.md#signing). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether a webhook's alert type (an ALERT_TYPE name) is one the console knows, with a title. */
export const isKnownAlertType = (type: string): type is AlertType => type in ALERT_TITLE_KEYS;

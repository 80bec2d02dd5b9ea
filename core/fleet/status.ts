// Device status from heartbeats (docs/entities.md): online while they arrive on time, SKIPPED_HB after one is
// missed, OFFLINE after MISSED_HEARTBEAT_LIMIT.
import type { StatusId } from '../domain.ts';

/** The heartbeat pace the server asks for unless configured otherwise (HEARTBEAT_INTERVAL_S). */
export const DEFAULT_HEARTBEAT_INTERVAL_S = 60;
/** Missed heartbeats after which a device is offline. */
export const MISSED_HEARTBEAT_LIMIT = 3;
/** A heartbeat counts as missed this share of an interval after it was due (network and clock jitter). */
const GRACE = 0.5;
/** How often the status sweep runs, in seconds: a missed heartbeat shows within this of its deadline. */
export const STATUS_SWEEP_EVERY_S = 10;

/** docs/entities.md: online is not blocked, not decommissioned, and STATUS_ONLINE or STATUS_SKIPPED_HB. */
export function isOnline(device: { blocked: boolean; decomm: boolean; statusId: StatusId }): boolean {
  return (
    !device.blocked &&
    !device.decomm &&
    (device.statusId === 'STATUS_ONLINE' || device.statusId === 'STATUS_SKIPPED_HB')
  );
}

/** When a device that just sent a heartbeat has missed one, and when it is offline, unless another comes. */
export function heartbeatDeadlines(
  receivedAt: Date,
  intervalS: number,
): { skipAfter: Date; offlineAfter: Date } {
  const at = (intervals: number) => new Date(receivedAt.getTime() + intervals * intervalS * 1000);
  return { skipAfter: at(1 + GRACE), offlineAfter: at(MISSED_HEARTBEAT_LIMIT + GRACE) };
}

/** The status the sweep gives a device at `now`, given its deadlines. */
export function sweptStatus(
  current: StatusId,
  deadlines: { skipAfter: Date; offlineAfter: Date },
  now: Date,
): StatusId {
  if (current === 'STATUS_OFFLINE' || now > deadlines.offlineAfter) return 'STATUS_OFFLINE';
  if (now > deadlines.skipAfter) return 'STATUS_SKIPPED_HB';
  return current;
}

/** A heartbeat sooner than this share of the interval after the one before is refused (docs/agent-protocol.md). */
export const HEARTBEAT_MIN_GAP = 0.5;

/**
 * Whole seconds a device must still wait before its heartbeat is taken, or 0 when it may send now: a
 * heartbeat comes at least HEARTBEAT_MIN_GAP of an interval after the last one taken. The first after
 * adoption is always taken, and so is the first after the device restarted (its uptime went back and is
 * shorter than the time since its last heartbeat), so a quick reboot is reported at once.
 */
export function heartbeatWaitS(
  last: { at: Date | null; uptimeS: number | null },
  uptimeS: number,
  now: Date,
  intervalS: number,
): number {
  if (last.at === null) return 0;
  const elapsedS = (now.getTime() - last.at.getTime()) / 1000;
  const waitS = intervalS * HEARTBEAT_MIN_GAP - elapsedS;
  if (waitS <= 0) return 0;
  const restarted = last.uptimeS !== null && uptimeS < last.uptimeS && uptimeS < elapsedS;
  return restarted ? 0 : Math.ceil(waitS);
}

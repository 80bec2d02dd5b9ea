// Device health (docs/entities.md health ids) from its status, its open alerts and the strain it reports;
// docs/alert-rules.md writes the same rule out.
import type { HealthId, StatusId } from '../domain.ts';
import { ALERT_HEALTH, parseConditionId } from './alert-rules.ts';
import type { HeartbeatRequest } from './protocol.ts';

/** Past these a device is strained, which makes its health at least HEALTH_WARNING. */
export const STRAIN_LIMITS = { cpuPct: 90, memPct: 90, tempC: 85 } as const;

export function isStrained(system: HeartbeatRequest['system']): boolean {
  return (
    system.cpuPct >= STRAIN_LIMITS.cpuPct ||
    system.memPct >= STRAIN_LIMITS.memPct ||
    (system.tempC ?? 0) >= STRAIN_LIMITS.tempC
  );
}

const RANK: Readonly<Record<HealthId, number>> = {
  HEALTH_UNKNOWN: 0,
  HEALTH_NORMAL: 1,
  HEALTH_WARNING: 2,
  HEALTH_CRITICAL: 3,
};
const worst = (a: HealthId, b: HealthId): HealthId => (RANK[b] > RANK[a] ? b : a);

export type HealthInput = {
  blocked: boolean;
  decomm: boolean;
  statusId: StatusId;
  /** Whether it ever sent a heartbeat. */
  reported: boolean;
  /** Ids of its open condition alerts. */
  conditions: readonly string[];
  strained: boolean;
};

/**
 * UNKNOWN when blocked, decommissioned or never heard from; CRITICAL when offline; otherwise the worst
 * of NORMAL, the open alerts' health, WARNING when strained and WARNING when a heartbeat was missed.
 */
export function deviceHealth(input: HealthInput): HealthId {
  if (input.blocked || input.decomm || !input.reported) return 'HEALTH_UNKNOWN';
  if (input.statusId === 'STATUS_OFFLINE') return 'HEALTH_CRITICAL';
  let health: HealthId = 'HEALTH_NORMAL';
  for (const id of input.conditions) health = worst(health, ALERT_HEALTH[parseConditionId(id).type]);
  if (input.strained || input.statusId === 'STATUS_SKIPPED_HB') health = worst(health, 'HEALTH_WARNING');
  return health;
}

// What the console remembers of a device between its messages, so the rules can compare a report with the
// one before it. Stored with the device's agent row (server/db/schema/fleet.ts).

/** A condition alert that is open: its type and key (core/fleet/alert-rules.ts conditionId). */
export type AgentState = {
  /** Ids of the condition alerts open for the device. */
  conditions: string[];
  /** Uptime of the last heartbeat: a smaller one means the device restarted. */
  uptimeS: number | null;
  /** When DEV_REBOOT was last raised (ISO), so one restart raises it once. */
  rebootRaisedAt: string | null;
  /** Whether the last heartbeat's CPU, memory or temperature was past its limit (core/fleet/health.ts). */
  strained: boolean;
};

export const INITIAL_AGENT_STATE: AgentState = {
  conditions: [],
  uptimeS: null,
  rebootRaisedAt: null,
  strained: false,
};

// docs/guest-access.md#disconnect-and-change: Disconnect and Change-of-Authorization (RFC 5176) to the NAS.
import type { AppContext } from '../context.ts';

/** Why the console ends or changes a guest's sessions. */
export type CoaCause = 'operator' | 'revoked' | 'plan_changed';

/** What became of the sessions asked for: acknowledged by their NAS, refused (NAK) or unanswered. */
export type CoaOutcome = { acked: number; refused: number; unanswered: number };

/**
 * Sends a Disconnect-Request for each open session chosen (by id, or every open session of an account) to
 * its NAS, and records the cause and the operator on the sessions the NAS acknowledged.
 */
export async function disconnectSessions(
  _ctx: AppContext,
  _target: { cloudId: number; sessionIds?: readonly number[]; accountId?: number },
  _by: { userId: number | null; cause: CoaCause },
): Promise<CoaOutcome> {
  throw new Error('disconnectSessions: filled in with the RADIUS service');
}

/** Sends a CoA-Request with the account's plan's limits to the NAS of each of its open sessions. */
export async function changeSessions(
  _ctx: AppContext,
  _target: { cloudId: number; accountId?: number; planId?: number },
): Promise<CoaOutcome> {
  throw new Error('changeSessions: filled in with the RADIUS service');
}

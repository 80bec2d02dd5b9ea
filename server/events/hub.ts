import { sql } from 'drizzle-orm';
import { type Access, visibleSiteIds } from '../../core/policy.ts';
import type { Database, DatabaseHandle } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import { LIVE_EVENTS_CHANNEL } from './publish.ts';

/** How long live events are kept for a browser that reconnects with Last-Event-ID. */
export const LIVE_EVENTS_KEPT_MS = 5 * 60_000;
/** How often a stream's access is read again (a membership or session ended meanwhile). */
const ACCESS_REFRESH_MS = 60_000;
/** Most events placed, or read, in one statement. */
const READ_LIMIT = 5000;
/** After a failed read, the next try comes this long later, then twice as long each time, up to the cap. */
const RETRY_FIRST_MS = 1000;
const RETRY_CAP_MS = 30_000;
/** The advisory lock (this class, key 0) that lets one transaction at a time place events, in any process. */
const PLACING_LOCK_CLASS = 7303;

/** A live event as streams send it: `id` is its position (docs/architecture.md, live events). */
export type LiveRow = { id: number; cloud_id: number; site_id: number | null; kind: string; data: unknown };

/**
 * Gives the committed events that have no position yet the next positions, in id order, and answers how
 * many it placed. One transaction at a time does it, in any process: the lock comes before the statement's
 * snapshot, so each placing sees every event committed before it and everything placed before it. An event
 * whose transaction commits late is placed once it has committed, after all that was placed meanwhile; no
 * event is placed twice, and positions become visible in their order.
 */
export async function placeLiveEvents(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLACING_LOCK_CLASS}, 0)`);
    // nextval runs after ORDER BY and LIMIT, so positions follow the ids; the sequence never goes back,
    // even when every kept event has expired.
    const [row] = await queryRows<{ placed: number }>(
      tx,
      sql`
      WITH placed AS (
        UPDATE live_events e SET position = n.position
        FROM (
          SELECT id, nextval('live_events_position_seq') AS position FROM live_events
          WHERE position IS NULL ORDER BY id LIMIT ${READ_LIMIT}
        ) n
        WHERE e.id = n.id
        RETURNING 1
      )
      SELECT count(*)::int AS placed FROM placed`,
    );
    return row?.placed ?? 0;
  });
}

/** Events placed after `after` (and at most `upTo`), in position order. */
async function readPlaced(db: Database, after: number, upTo = Number.MAX_SAFE_INTEGER): Promise<LiveRow[]> {
  const rows = await queryRows<LiveRow>(
    db,
    sql`SELECT position AS id, cloud_id, site_id, kind, data FROM live_events
      WHERE position > ${after} AND position <= ${upTo} ORDER BY position LIMIT ${READ_LIMIT}`,
  );
  // bigint arrives as a string (node-postgres) or a number (PGlite); positions stay below 2^53.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The clouds a user belongs to, each with the sites they see there (null: every site). */
type Visibility = Map<number, number[] | null>;

async function visibility(db: Database, userId: number): Promise<Visibility> {
  const rows = await queryRows<
    Access & { cloud_id: number; site_id: number | null; site_permissions: string[] | null }
  >(
    db,
    sql`
    SELECT m.cloud_id, m.role_id AS "roleId", m.permissions, s.site_id, s.permissions AS site_permissions
    FROM memberships m
    JOIN clouds c ON c.id = m.cloud_id AND c.deleted_at IS NULL
    LEFT JOIN membership_sites s ON m.role_id = 'ROLE_USER' AND s.user_id = m.user_id AND s.cloud_id = m.cloud_id
    WHERE m.user_id = ${userId}`,
  );
  const byCloud = new Map<number, Access>();
  for (const row of rows) {
    const access = byCloud.get(row.cloud_id) ?? {
      roleId: row.roleId,
      permissions: row.permissions,
      sites: [],
    };
    if (row.site_id !== null) {
      (access.sites as { siteId: number; permissions: string[] }[]).push({
        siteId: row.site_id,
        permissions: row.site_permissions ?? [],
      });
    }
    byCloud.set(row.cloud_id, access);
  }
  return new Map([...byCloud].map(([cloudId, access]) => [cloudId, visibleSiteIds(access)]));
}

/** The same rule as the API: the user's clouds, and a Site User only their sites' events. */
function sees(visible: Visibility, row: LiveRow): boolean {
  const sites = visible.get(row.cloud_id);
  if (sites === undefined) return false;
  return sites === null || (row.site_id !== null && sites.includes(row.site_id));
}

export type LiveStream = {
  userId: number;
  /**
   * Sends one event; the route writes it in the text/event-stream format. False: the stream takes no more
   * (it ended, or its reader fell behind and it is ending).
   */
  send: (row: LiveRow) => boolean;
  /** Whether the session behind the stream still holds; the stream ends when it does not. */
  stillSignedIn: () => Promise<boolean>;
  end: () => void;
};

/** What the hub keeps of a stream: whom it may show, and the position of the last event it has had. */
type StreamState = { visible: Visibility; after: number };

/**
 * The live event streams of one server process. When NOTIFY says there are new events (or the LISTEN
 * connection is back after a loss), the hub places what has committed and reads every event after the last
 * position it read, so each committed event reaches each stream once, in position order, whatever process
 * wrote it and however late its transaction committed (docs/architecture.md, live events).
 */
export function createLiveHub(database: DatabaseHandle, log: { error: (o: object, m: string) => void }) {
  const { db } = database;
  const streams = new Map<LiveStream, StreamState>();
  /** What else in the process follows the events (caches of what they change), told before the streams. */
  const observers: ((row: LiveRow) => void)[] = [];
  /** The last position read and sent to the streams. */
  let lastPosition = 0;
  /** Reads and catch-ups take turns, so none of them sends an event another has sent or skips one. */
  let turn: Promise<unknown> = Promise.resolve();
  let readQueued = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  let refresher: NodeJS.Timeout | null = null;

  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = turn.then(work);
    // The next turn waits for this one however it ends; its failure is the caller's to handle.
    turn = done.catch(() => undefined);
    return done;
  }

  /** Sends the event unless the stream had it or may not see it; false once the stream takes no more. */
  function deliver(row: LiveRow, stream: LiveStream, state: StreamState): boolean {
    if (row.id <= state.after) return true;
    state.after = row.id;
    if (!sees(state.visible, row) || stream.send(row)) return true;
    streams.delete(stream);
    return false;
  }

  async function readNew() {
    for (;;) {
      const placed = await placeLiveEvents(db);
      for (;;) {
        const rows = await readPlaced(db, lastPosition);
        for (const row of rows) {
          lastPosition = row.id;
          for (const observer of observers) observer(row);
          for (const [stream, state] of streams) deliver(row, stream, state);
        }
        if (rows.length < READ_LIMIT) break;
      }
      if (placed < READ_LIMIT) return;
    }
  }

  /**
   * One read at a time; notifications that come during a read make one more read after it. A failed read
   * is logged and tried again later (nothing is lost: the next read starts where the last one ended).
   */
  function onNotify() {
    if (readQueued || stopped) return;
    readQueued = true;
    inTurn(() => {
      readQueued = false;
      return readNew();
    }).then(
      () => {
        retryMs = RETRY_FIRST_MS;
      },
      (error: unknown) => {
        log.error({ err: error, retryMs }, 'reading live events failed');
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = null;
          onNotify();
        }, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_CAP_MS);
      },
    );
  }

  async function refreshAccess() {
    for (const [stream, state] of [...streams]) {
      try {
        if (!(await stream.stillSignedIn())) {
          streams.delete(stream);
          stream.end();
        } else state.visible = await visibility(db, stream.userId);
      } catch (error) {
        log.error({ err: error }, 'refreshing a live stream failed');
      }
    }
  }

  return {
    async start() {
      const [row] = await queryRows<{ last: number | string | null }>(
        db,
        sql`SELECT max(position) AS last FROM live_events`,
      );
      lastPosition = Number(row?.last ?? 0);
      stopListening = await database.listen(LIVE_EVENTS_CHANNEL, onNotify);
      refresher = setInterval(() => void refreshAccess(), ACCESS_REFRESH_MS);
    },

    /**
     * Adds a stream: first the events after `lastEventId` it missed (kept LIVE_EVENTS_KEPT_MS), then what
     * comes. Answers the way to remove it.
     */
    async subscribe(stream: LiveStream, lastEventId: number | null): Promise<() => void> {
      const visible = await visibility(db, stream.userId);
      await inTurn(async () => {
        const state: StreamState = { visible, after: lastPosition };
        if (lastEventId !== null && lastEventId < lastPosition) {
          state.after = lastEventId;
          for (;;) {
            const rows = await readPlaced(db, state.after, lastPosition);
            // A stream that takes no more (its reader fell behind) is not added.
            for (const row of rows) if (!deliver(row, stream, state)) return;
            if (rows.length < READ_LIMIT) break;
          }
        } else if (lastEventId !== null) {
          // Another process may have sent events this one has not read yet; an id beyond every placed
          // event (a database replaced meanwhile) counts from the newest one.
          const [row] = await queryRows<{ last: number | string | null }>(
            db,
            sql`SELECT max(position) AS last FROM live_events`,
          );
          state.after = Math.min(lastEventId, Math.max(lastPosition, Number(row?.last ?? 0)));
        }
        streams.set(stream, state);
      });
      return () => {
        streams.delete(stream);
      };
    },

    /** Has `observer` told of every event this process reads from now on. */
    observe(observer: (row: LiveRow) => void) {
      observers.push(observer);
    },

    /** Ends every stream (the browsers reconnect to another process) and stops listening. */
    async stop() {
      stopped = true;
      if (refresher) clearInterval(refresher);
      if (retry) clearTimeout(retry);
      for (const stream of streams.keys()) stream.end();
      streams.clear();
      await turn;
      await stopListening?.();
    },

    get streams() {
      return streams.size;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

/** Drops live events older than a reconnecting browser may ask for. */
export async function dropExpiredLiveEvents(db: Database, now: Date): Promise<void> {
  await db.execute(
    sql`DELETE FROM live_events WHERE created_at < ${new Date(now.getTime() - LIVE_EVENTS_KEPT_MS).toISOString()}`,
  );
}

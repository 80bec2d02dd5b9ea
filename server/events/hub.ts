import { sql } from 'drizzle-orm';
import { type Access, visibleSiteIds } from '../../core/policy.ts';
import type { Database, DatabaseHandle } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import { LIVE_EVENTS_CHANNEL } from './publish.ts';

/** How long live events are kept for a browser that reconnects with Last-Event-ID. */
export const LIVE_EVENTS_KEPT_MS = 5 * 60_000;
/** How often a stream's access is read again (a membership or session ended meanwhile). */
const ACCESS_REFRESH_MS = 60_000;
/**
 * Ids are taken when a transaction inserts and become visible when it commits, so a smaller id can appear
 * after a larger one: each read looks this far back, and ids already sent are skipped.
 */
const REORDER_WINDOW = 1000;
const READ_LIMIT = 5000;

export type LiveRow = { id: number; cloud_id: number; site_id: number | null; kind: string; data: unknown };

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
  /** Sends one event; the route writes it in the text/event-stream format. */
  send: (row: LiveRow) => void;
  /** Whether the session behind the stream still holds; the stream ends when it does not. */
  stillSignedIn: () => Promise<boolean>;
  end: () => void;
};

/**
 * The live event streams of one server process. Every process reads the events any process committed when
 * NOTIFY says there are new ones, and sends each to the streams whose user may see it.
 */
export function createLiveHub(database: DatabaseHandle, log: { error: (o: object, m: string) => void }) {
  const { db } = database;
  const streams = new Map<LiveStream, Visibility>();
  const sent = new Set<number>();
  let lastId = 0;
  let reading: Promise<void> | null = null;
  let again = false;
  let stopListening: (() => Promise<void>) | null = null;
  let refresher: NodeJS.Timeout | null = null;

  async function readNew() {
    const rows = await queryRows<LiveRow>(
      db,
      sql`SELECT id::int, cloud_id, site_id, kind, data FROM live_events
        WHERE id > ${Math.max(0, lastId - REORDER_WINDOW)} ORDER BY id LIMIT ${READ_LIMIT}`,
    );
    for (const row of rows) {
      if (sent.has(row.id)) continue;
      sent.add(row.id);
      lastId = Math.max(lastId, row.id);
      for (const [stream, visible] of streams) if (sees(visible, row)) stream.send(row);
    }
    for (const id of sent) if (id <= lastId - REORDER_WINDOW) sent.delete(id);
    if (rows.length === READ_LIMIT) again = true;
  }

  /** One read at a time; notifications that come during a read make one more read after it. */
  function onNotify() {
    if (reading) {
      again = true;
      return;
    }
    reading = readNew()
      .catch((error) => log.error({ err: error }, 'reading live events failed'))
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          onNotify();
        }
      });
  }

  async function refreshAccess() {
    for (const stream of [...streams.keys()]) {
      try {
        if (!(await stream.stillSignedIn())) {
          streams.delete(stream);
          stream.end();
        } else streams.set(stream, await visibility(db, stream.userId));
      } catch (error) {
        log.error({ err: error }, 'refreshing a live stream failed');
      }
    }
  }

  return {
    async start() {
      const [row] = await queryRows<{ last: number | null }>(
        db,
        sql`SELECT max(id)::int AS last FROM live_events`,
      );
      lastId = row?.last ?? 0;
      stopListening = await database.listen(LIVE_EVENTS_CHANNEL, onNotify);
      refresher = setInterval(() => void refreshAccess(), ACCESS_REFRESH_MS);
    },

    /**
     * Adds a stream: first the events after `lastEventId` it missed (kept LIVE_EVENTS_KEPT_MS), then what
     * comes. Answers the way to remove it.
     */
    async subscribe(stream: LiveStream, lastEventId: number | null): Promise<() => void> {
      const visible = await visibility(db, stream.userId);
      if (lastEventId !== null) {
        const missed = await queryRows<LiveRow>(
          db,
          sql`SELECT id::int, cloud_id, site_id, kind, data FROM live_events
            WHERE id > ${lastEventId} AND id <= ${lastId} ORDER BY id LIMIT ${READ_LIMIT}`,
        );
        for (const row of missed) if (sees(visible, row)) stream.send(row);
      }
      streams.set(stream, visible);
      return () => {
        streams.delete(stream);
      };
    },

    /** Ends every stream (the browsers reconnect to another process) and stops listening. */
    async stop() {
      if (refresher) clearInterval(refresher);
      for (const stream of streams.keys()) stream.end();
      streams.clear();
      await reading;
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

import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { regions, rooms, servers, sessionPlayers, type RegionRow, type ServerRow } from '../../platform/schema.ts';

export interface ServerWithLoad {
  server: ServerRow;
  /** Players present in its open rooms: a slot is taken when a player joins, not when a room opens. */
  load: number;
}

export interface CandidateServer extends ServerWithLoad {
  region: RegionRow;
}

export type NewRegion = Pick<RegionRow, 'code' | 'name' | 'latitude' | 'longitude'>;
export type NewServer = Pick<ServerRow, 'name' | 'regionId' | 'provider' | 'url' | 'secret' | 'capacity' | 'status'>;

export function createServersRepository(db: Db) {
  /** One row per server with players present in its open rooms: how many. */
  const loads = () =>
    db
      .select({
        serverId: rooms.serverId,
        load: sql<number>`count(*)::int`.as('load'),
      })
      .from(rooms)
      .innerJoin(sessionPlayers, and(eq(sessionPlayers.roomId, rooms.id), isNull(sessionPlayers.leftAt)))
      .where(isNull(rooms.closedAt))
      .groupBy(rooms.serverId)
      .as('loads');

  const withLoad = () => {
    const l = loads();
    return db
      .select({ server: servers, load: sql<number>`coalesce(${l.load}, 0)::int` })
      .from(servers)
      .leftJoin(l, eq(l.serverId, servers.id));
  };

  return {
    listRegions: (): Promise<RegionRow[]> => db.select().from(regions).orderBy(asc(regions.name), asc(regions.code)),

    async findRegion(id: string): Promise<RegionRow | null> {
      const [row] = await db.select().from(regions).where(eq(regions.id, id));
      return row ?? null;
    },

    /** Null when the code is taken (unique index). */
    async insertRegion(region: NewRegion, at: Date): Promise<RegionRow | null> {
      const [row] = await db
        .insert(regions)
        .values({ ...region, createdAt: at })
        .onConflictDoNothing({ target: regions.code })
        .returning();
      return row ?? null;
    },

    async countServersIn(regionId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(servers).where(eq(servers.regionId, regionId));
      return row?.n ?? 0;
    },

    async deleteRegion(id: string): Promise<boolean> {
      const rows = await db.delete(regions).where(eq(regions.id, id)).returning({ id: regions.id });
      return rows.length > 0;
    },

    listServers: (): Promise<ServerWithLoad[]> => withLoad().orderBy(asc(servers.createdAt), asc(servers.name)),

    async findServer(id: string): Promise<ServerWithLoad | null> {
      const [row] = await withLoad().where(eq(servers.id, id));
      return row ?? null;
    },

    /** Null when the URL is already registered (unique index). */
    async insertServer(server: NewServer, at: Date): Promise<ServerRow | null> {
      const [row] = await db
        .insert(servers)
        .values({ ...server, createdAt: at })
        .onConflictDoNothing({ target: servers.url })
        .returning();
      return row ?? null;
    },

    async setStatus(id: string, status: ServerRow['status']): Promise<boolean> {
      const rows = await db.update(servers).set({ status }).where(eq(servers.id, id)).returning({ id: servers.id });
      return rows.length > 0;
    },

    async recordHealth(id: string, ok: boolean, at: Date): Promise<void> {
      await db.update(servers).set({ lastHealthOk: ok, lastHealthAt: at }).where(eq(servers.id, id));
    },

    async countOpenRooms(serverId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rooms)
        .where(and(eq(rooms.serverId, serverId), isNull(rooms.closedAt)));
      return row?.n ?? 0;
    },

    async deleteServer(id: string): Promise<boolean> {
      const rows = await db.delete(servers).where(eq(servers.id, id)).returning({ id: servers.id });
      return rows.length > 0;
    },

    /** Started servers with their region and load: where a new room may go. */
    candidates: (): Promise<CandidateServer[]> => {
      const l = loads();
      return db
        .select({ server: servers, region: regions, load: sql<number>`coalesce(${l.load}, 0)::int` })
        .from(servers)
        .innerJoin(regions, eq(regions.id, servers.regionId))
        .leftJoin(l, eq(l.serverId, servers.id))
        .where(eq(servers.status, 'started'));
    },

    /**
     * In a join's transaction: locks the server's row until the transaction ends, so that joins on one server take
     * turns on every instance, and answers its capacity and the players present in its open rooms now. Null for a
     * server that was removed.
     */
    async lockLoad(tx: Db, serverId: string): Promise<{ capacity: number; load: number } | null> {
      const [server] = await tx
        .select({ capacity: servers.capacity })
        .from(servers)
        .where(eq(servers.id, serverId))
        // NO KEY UPDATE: joins on this server take turns, while rooms being inserted (whose foreign key locks the
        // server's key) are not held up.
        .for('no key update');
      if (!server) return null;
      const [row] = await tx
        .select({ n: count() })
        .from(sessionPlayers)
        .innerJoin(rooms, eq(rooms.id, sessionPlayers.roomId))
        .where(and(eq(rooms.serverId, serverId), isNull(rooms.closedAt), isNull(sessionPlayers.leftAt)));
      return { capacity: server.capacity, load: row?.n ?? 0 };
    },

    async serverAddress(id: string): Promise<Pick<ServerRow, 'url' | 'secret'> | null> {
      const [row] = await db
        .select({ url: servers.url, secret: servers.secret })
        .from(servers)
        .where(eq(servers.id, id));
      return row ?? null;
    },

    /** The region with this code, created if missing; several instances starting at once end up with one. */
    async ensureRegion(region: NewRegion, at: Date): Promise<RegionRow> {
      await db
        .insert(regions)
        .values({ ...region, createdAt: at })
        .onConflictDoNothing({ target: regions.code });
      const [row] = await db.select().from(regions).where(eq(regions.code, region.code));
      if (!row) throw new Error(`region ${region.code} vanished while being ensured`);
      return row;
    },

    /** Registers a server by URL, or refreshes its secret and capacity; its name, region and status (an
     *  administrator may have paused it) stay as they are. */
    async upsertServerByUrl(server: NewServer, at: Date): Promise<ServerRow> {
      const [row] = await db
        .insert(servers)
        .values({ ...server, createdAt: at })
        .onConflictDoUpdate({
          target: servers.url,
          set: { secret: sql`excluded.secret`, capacity: sql`excluded.capacity` },
        })
        .returning();
      if (!row) throw new Error(`server ${server.url} was not registered`);
      return row;
    },
  };
}

export type ServersRepository = ReturnType<typeof createServersRepository>;

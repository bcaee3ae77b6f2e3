import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import {
  accountInstruments,
  accountMusicStyles,
  accounts,
  accountSocialLinks,
  blocks,
  follows,
  instruments,
  musicStyles,
  socialNetworks,
  type AccountRow,
} from '../../platform/schema.ts';
import { followedBy, visibleTo } from './community.visibility.ts';

export type InstrumentRow = typeof instruments.$inferSelect;
export type PlayedRow = typeof accountInstruments.$inferSelect;
export type LinkRow = typeof accountSocialLinks.$inferSelect;

/** The columns a card or a profile needs, plus whether the reader follows the account. */
export const cardColumns = (viewerId: string) => ({
  id: accounts.id,
  username: accounts.username,
  displayedUsername: accounts.displayedUsername,
  profilePicture: accounts.profilePicture,
  verified: accounts.verified,
  publicProfile: accounts.publicProfile,
  cityId: accounts.cityId,
  followed: sql<boolean>`${followedBy(viewerId)}`,
});
export interface CardRow {
  id: string;
  username: string;
  displayedUsername: string | null;
  profilePicture: string | null;
  verified: boolean;
  publicProfile: boolean;
  cityId: number | null;
  followed: boolean;
}

export interface ProfilePatch {
  countryCode: string | null;
  cityId: number | null;
  biography: string | null;
  publicProfile: boolean;
  newsOptIn?: boolean;
  /** Absent: left as it is. */
  connectionType?: AccountRow['connectionType'];
  socialLinks: { network: string; url: string }[];
  musicStyles: string[];
}

export interface Played {
  instrument: string;
  skill: PlayedRow['skill'];
  brand: string | null;
  model: string | null;
}

const pageOf = (p: number, size: number) => ({ limit: size, offset: (p - 1) * size });

/** `cache` holds signed-in accounts' rows (PGlite): a write to a column the current user shows forgets the row. */
export function createCommunityRepository(db: Db, cache: SessionCache) {
  const total = async (where: SQL): Promise<number> => {
    const [row] = await db.select({ n: count() }).from(accounts).where(where);
    return row?.n ?? 0;
  };

  return {
    instruments: (): Promise<InstrumentRow[]> => db.select().from(instruments).orderBy(asc(instruments.rank)),

    async account(id: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },

    /** The account `viewerId` may see, by id or username (case-insensitive), with the follow flag; null otherwise. */
    async findVisible(
      viewerId: string,
      cutoff: string,
      key: { id: string } | { username: string },
    ): Promise<(AccountRow & { followed: boolean }) | null> {
      const match = 'id' in key ? eq(accounts.id, key.id) : sql`lower(${accounts.username}) = lower(${key.username})`;
      const [row] = await db
        .select({ account: accounts, followed: sql<boolean>`${followedBy(viewerId)}` })
        .from(accounts)
        .where(and(match, visibleTo(viewerId, cutoff)));
      return row ? { ...row.account, followed: row.followed } : null;
    },

    async findByUsername(username: string): Promise<AccountRow | null> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(sql`lower(${accounts.username}) = lower(${username})`);
      return row ?? null;
    },

    async counts(id: string): Promise<{ followers: number; follows: number }> {
      const [row] = await db
        .select({
          followers: sql<number>`(SELECT count(*)::int FROM follows WHERE followed_id = ${id})`,
          follows: sql<number>`(SELECT count(*)::int FROM follows WHERE follower_id = ${id})`,
        })
        .from(sql`(SELECT 1) AS one`);
      return row ?? { followers: 0, follows: 0 };
    },

    /** Instruments per account, in each musician's order. */
    async playedBy(ids: string[]): Promise<Map<string, Played[]>> {
      const out = new Map<string, Played[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .select()
        .from(accountInstruments)
        .where(inArray(accountInstruments.accountId, ids))
        .orderBy(asc(accountInstruments.rank));
      for (const r of rows) {
        const list = out.get(r.accountId) ?? [];
        list.push({ instrument: r.instrumentId, skill: r.skill, brand: r.brand, model: r.model });
        out.set(r.accountId, list);
      }
      return out;
    },

    async stylesOf(id: string): Promise<string[]> {
      const rows = await db
        .select({ id: accountMusicStyles.styleId })
        .from(accountMusicStyles)
        .where(eq(accountMusicStyles.accountId, id))
        .orderBy(asc(accountMusicStyles.rank));
      return rows.map((r) => r.id);
    },

    async linksOf(id: string): Promise<{ network: string; url: string }[]> {
      const rows = await db
        .select()
        .from(accountSocialLinks)
        .where(eq(accountSocialLinks.accountId, id))
        .orderBy(asc(accountSocialLinks.rank));
      return rows.map((r) => ({ network: r.networkId, url: r.url }));
    },

    /** Which of these ids exist in a reference table (instruments, styles, networks). */
    async existing(table: 'instruments' | 'styles' | 'networks', ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const t = { instruments, styles: musicStyles, networks: socialNetworks }[table];
      const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    async updateProfile(id: string, patch: ProfilePatch): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({
            countryCode: patch.countryCode,
            cityId: patch.cityId,
            // What search matches a city by: its names in both languages, its own, its region (accent-free).
            searchPlace:
              patch.cityId === null
                ? null
                : sql`(SELECT places_normalize(c.name_en || ' ' || c.name_fr || ' ' || c.name || coalesce(' ' || c.region, ''))
                    FROM cities c WHERE c.id = ${patch.cityId})`,
            biography: patch.biography,
            publicProfile: patch.publicProfile,
            ...(patch.newsOptIn !== undefined && { newsOptIn: patch.newsOptIn }),
            ...(patch.connectionType !== undefined && { connectionType: patch.connectionType }),
          })
          .where(eq(accounts.id, id));
        await tx.delete(accountSocialLinks).where(eq(accountSocialLinks.accountId, id));
        if (patch.socialLinks.length > 0) {
          await tx
            .insert(accountSocialLinks)
            .values(patch.socialLinks.map((l, rank) => ({ accountId: id, rank, networkId: l.network, url: l.url })));
        }
        await tx.delete(accountMusicStyles).where(eq(accountMusicStyles.accountId, id));
        if (patch.musicStyles.length > 0) {
          await tx
            .insert(accountMusicStyles)
            .values(patch.musicStyles.map((styleId, rank) => ({ accountId: id, styleId, rank })));
        }
      });
      cache.forgetAccount(id);
    },

    async replaceInstruments(id: string, played: Played[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(accountInstruments).where(eq(accountInstruments.accountId, id));
        if (played.length > 0) {
          await tx.insert(accountInstruments).values(
            played.map((p, rank) => ({
              accountId: id,
              instrumentId: p.instrument,
              skill: p.skill,
              brand: p.brand,
              model: p.model,
              rank,
            })),
          );
        }
      });
    },

    /** Sets a picture key; answers the previous one (to delete from storage). */
    async setPicture(id: string, which: 'profile' | 'cover', key: string): Promise<string | null> {
      const previous = await db.transaction(async (tx) => {
        const column = which === 'profile' ? accounts.profilePicture : accounts.coverPicture;
        const [before] = await tx.select({ key: column }).from(accounts).where(eq(accounts.id, id)).for('update');
        await tx
          .update(accounts)
          .set(which === 'profile' ? { profilePicture: key } : { coverPicture: key })
          .where(eq(accounts.id, id));
        return before?.key ?? null;
      });
      cache.forgetAccount(id);
      return previous;
    },

    /** False when already followed. */
    async follow(followerId: string, followedId: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(follows)
        .values({ followerId, followedId, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: follows.followedId });
      return rows.length > 0;
    },

    /** False when not followed. */
    async unfollow(followerId: string, followedId: string): Promise<boolean> {
      const rows = await db
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
        .returning({ id: follows.followedId });
      return rows.length > 0;
    },

    /** Blocks and removes the follows both ways, in one transaction; false when already blocked. */
    async block(blockerId: string, blockedId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(blocks)
          .values({ blockerId, blockedId, createdAt: at })
          .onConflictDoNothing()
          .returning({ id: blocks.blockedId });
        if (rows.length === 0) return false;
        await tx
          .delete(follows)
          .where(
            or(
              and(eq(follows.followerId, blockerId), eq(follows.followedId, blockedId)),
              and(eq(follows.followerId, blockedId), eq(follows.followedId, blockerId)),
            ),
          );
        return true;
      });
    },

    async unblock(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
        .returning({ id: blocks.blockedId });
      return rows.length > 0;
    },

    /** Who blocked `id`: ids only, the newest first, at most `max`. */
    async blockedBy(id: string, max: number): Promise<string[]> {
      const rows = await db
        .select({ id: blocks.blockerId })
        .from(blocks)
        .where(eq(blocks.blockedId, id))
        .orderBy(desc(blocks.createdAt))
        .limit(max);
      return rows.map((r) => r.id);
    },

    /** The accounts `id` blocked, newest block first (they are not "visible": this list is where one unblocks). */
    async blockedPage(id: string, p: number, size: number): Promise<{ rows: CardRow[]; total: number }> {
      const where = sql`${accounts.id} IN (SELECT blocked_id FROM blocks WHERE blocker_id = ${id})`;
      const rows = await db
        .select(cardColumns(id))
        .from(accounts)
        .innerJoin(blocks, and(eq(blocks.blockedId, accounts.id), eq(blocks.blockerId, id)))
        .orderBy(desc(blocks.createdAt), asc(accounts.id))
        .limit(pageOf(p, size).limit)
        .offset(pageOf(p, size).offset);
      return { rows, total: await total(where) };
    },

    /** The visible followers of `targetId` (or whom `targetId` follows), newest first. */
    async followPage(
      viewerId: string,
      cutoff: string,
      targetId: string,
      direction: 'followers' | 'follows',
      p: number,
      size: number,
    ): Promise<{ rows: CardRow[]; total: number }> {
      const join =
        direction === 'followers'
          ? and(eq(follows.followerId, accounts.id), eq(follows.followedId, targetId))
          : and(eq(follows.followedId, accounts.id), eq(follows.followerId, targetId));
      const where = visibleTo(viewerId, cutoff);
      const rows = await db
        .select(cardColumns(viewerId))
        .from(accounts)
        .innerJoin(follows, join)
        .where(where)
        .orderBy(desc(follows.createdAt), asc(accounts.id))
        .limit(pageOf(p, size).limit)
        .offset(pageOf(p, size).offset);
      const [n] = await db.select({ n: count() }).from(accounts).innerJoin(follows, join).where(where);
      return { rows, total: n?.n ?? 0 };
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;

import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import {
  accountPrivileges,
  accounts,
  oneTimeTokens,
  type AccountRow,
  type OneTimePurpose,
} from '../../platform/schema.ts';

export interface NewAccount {
  email: string;
  username: string;
  passwordHash: string;
  birthdate: string;
  locale: string;
  newsOptIn: boolean;
  nalsToken: string;
  privileges: string[];
  createdAt: Date;
}

export const lower = (s: string) => s.trim().toLowerCase();

export function createAccountsRepository(db: Db, cache: SessionCache) {
  return {
    /** Which of the email and username another account already uses, case-insensitively. */
    async findTaken(email: string | null, username: string | null, exceptAccountId?: string) {
      const [row] = await db
        .select({
          email:
            email === null ? sql<boolean>`false` : sql<boolean>`bool_or(lower(${accounts.email}) = ${lower(email)})`,
          username:
            username === null
              ? sql<boolean>`false`
              : sql<boolean>`bool_or(lower(${accounts.username}) = ${lower(username)})`,
        })
        .from(accounts)
        .where(
          and(
            exceptAccountId ? ne(accounts.id, exceptAccountId) : undefined,
            sql`(lower(${accounts.email}) = ${lower(email ?? '')} or lower(${accounts.username}) = ${lower(username ?? '')})`,
          ),
        );
      return { email: row?.email === true, username: row?.username === true };
    },

    async create(input: NewAccount): Promise<AccountRow> {
      return db.transaction(async (tx) => {
        const { privileges, ...values } = input;
        const [account] = await tx.insert(accounts).values(values).returning();
        if (!account) throw new Error('account insert returned nothing');
        await tx
          .insert(accountPrivileges)
          .values(privileges.map((privilege) => ({ accountId: account.id, privilege, grantedAt: input.createdAt })));
        return account;
      });
    },

    async findById(id: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },

    async findByEmail(email: string): Promise<AccountRow | null> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${lower(email)}`);
      return row ?? null;
    },

    async createOneTimeToken(input: {
      accountId: string;
      purpose: OneTimePurpose;
      tokenHash: string;
      expiresAt: Date;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(oneTimeTokens).values(input);
    },

    /** Uses the token if it is unused and unexpired; answers the account it belongs to, or null. */
    async consumeOneTimeToken(purpose: OneTimePurpose, tokenHash: string, at: Date): Promise<string | null> {
      const [row] = await db
        .update(oneTimeTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, at),
          ),
        )
        .returning({ accountId: oneTimeTokens.accountId });
      return row?.accountId ?? null;
    },

    /** Other outstanding links of that kind die with the one used (an old recovery email cannot be replayed). */
    async expireOneTimeTokens(accountId: string, purpose: OneTimePurpose, at: Date): Promise<void> {
      await db
        .update(oneTimeTokens)
        .set({ usedAt: at })
        .where(
          and(eq(oneTimeTokens.accountId, accountId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
        );
    },

    /** `appStartHint`: what the next app start says, set only by this first validation. */
    async markValidated(accountId: string, at: Date, appStartHint?: string): Promise<void> {
      await db
        .update(accounts)
        .set({ validatedAt: at, ...(appStartHint !== undefined && { appStartHint }) })
        .where(and(eq(accounts.id, accountId), isNull(accounts.validatedAt)));
      cache.forgetAccount(accountId);
    },

    async setPasswordHash(accountId: string, passwordHash: string, appStartHint?: string): Promise<void> {
      await db.update(accounts).set({ passwordHash, appStartHint }).where(eq(accounts.id, accountId));
      cache.forgetAccount(accountId);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

import { and, eq, isNull } from 'drizzle-orm';
import { ADMIN_PRIVILEGE } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import { accountPrivileges, accounts } from './accounts.schema.ts';

/**
 * Locks the CORE_ADMIN rows until the transaction ends and answers the administrators who keep their account (one
 * being deleted does not count): the one rule behind LAST_ADMIN, whether a privilege is removed or an account deleted,
 * so two administrators acting on each other at once cannot leave none.
 */
export async function lockLiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: accountPrivileges.accountId })
    .from(accountPrivileges)
    .innerJoin(accounts, eq(accounts.id, accountPrivileges.accountId))
    .where(and(eq(accountPrivileges.privilege, ADMIN_PRIVILEGE), isNull(accounts.deletionRequestedAt)))
    .for('update', { of: accountPrivileges });
  return rows.map(({ id }) => id);
}

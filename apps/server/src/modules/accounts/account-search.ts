import { eq, ilike, or, type SQL } from 'drizzle-orm';
import { accounts } from './accounts.schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `%` and `_` typed by an administrator are searched for, not wildcards. */
const escapeLike = (q: string): string => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The administration's search for an account (the accounts list, the subscriptions list): its id exactly, else a
 *  part of its username, displayed name or email, whatever the case. */
export function accountSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (UUID.test(q)) return eq(accounts.id, q.toLowerCase());
  const pattern = `%${escapeLike(q)}%`;
  return or(
    ilike(accounts.username, pattern),
    ilike(accounts.displayedUsername, pattern),
    ilike(accounts.email, pattern),
  );
}

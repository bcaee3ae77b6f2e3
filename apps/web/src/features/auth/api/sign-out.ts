import { api } from '../../../lib/api';
import { clearSession } from '../../../lib/session';
import { APP_START_CHECKED_KEY, writeSessionFlag } from '../../../lib/storage';

export const signOutMutationKey = ['auth', 'sign-out'] as const;

/** DELETE v1/auth, then forget the session whatever the server said: signing out must always work. */
export async function signOut(): Promise<void> {
  try {
    await api.call('signOut');
  } catch {
    // Offline or already revoked: the local session is cleared all the same.
  }
  clearSession();
  writeSessionFlag(APP_START_CHECKED_KEY, false);
}

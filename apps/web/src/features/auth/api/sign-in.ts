import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { loadCurrentUser } from '../../../lib/current-user';
import { storeTokens } from '../../../lib/session';
import { APP_START_CHECKED_KEY, writeSessionFlag } from '../../../lib/storage';

export const signInMutationKey = ['auth', 'sign-in'] as const;

/** POST v1/auth, then GET v1/me so the saved locale applies before the first signed-in page. */
export async function signIn(body: BodyOf<'signIn'>) {
  const tokens = await api.call('signIn', { body });
  storeTokens(tokens);
  // A new sign-in in this tab deserves its own app-start check.
  writeSessionFlag(APP_START_CHECKED_KEY, false);
  return loadCurrentUser();
}

export function useSignIn() {
  return useMutation({ mutationKey: signInMutationKey, mutationFn: signIn });
}

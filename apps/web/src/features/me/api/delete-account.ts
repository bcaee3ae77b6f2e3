import { useMutation } from '@tanstack/react-query';
import type { AccountDeletion } from '@tutti/contract/accounts';
import { api } from '../../../lib/api';
import { clearSession } from '../../../lib/session';
import { APP_START_CHECKED_KEY, writeSessionFlag } from '../../../lib/storage';

/** DELETE v1/accounts/{id} on the musician's own account: the server signs every device out, so this one forgets its
 *  session too, and `onDeleted` moves on in the same tick (the signed-in page that asked is gone by the next render,
 *  so a callback given to `mutate` would never run). */
export function useDeleteOwnAccount(accountId: string, onDeleted: (deletion: AccountDeletion) => void) {
  return useMutation({
    mutationFn: (password: string) => api.call('deleteAccount', { params: { id: accountId }, body: { password } }),
    onSuccess: (deletion) => {
      clearSession();
      writeSessionFlag(APP_START_CHECKED_KEY, false);
      onDeleted(deletion);
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clearSession } from '../../../lib/session';
import { APP_START_CHECKED_KEY, writeSessionFlag } from '../../../lib/storage';

/** DELETE v1/accounts/{id} on the musician's own account: the server signs every device out, so this one forgets its
 *  session too. */
export function useDeleteOwnAccount(accountId: string) {
  return useMutation({
    mutationFn: (password: string) => api.call('deleteAccount', { params: { id: accountId }, body: { password } }),
    onSuccess: () => {
      clearSession();
      writeSessionFlag(APP_START_CHECKED_KEY, false);
    },
  });
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@tutti/contract/accounts';
import { useServerConfig } from '../../../lib/nals/server-config';
import { connectNals, nalsStore, useNals } from '../../../lib/nals/nals-store';
import { followClient } from '../install-progress';
import { NALS_NS } from '../translations';
import { openNotInstalledDialog } from './dialogs';

/**
 * While someone is signed in: the page's link to their audio client, through the broker the server names
 * (queueHost). A new token (rotated in the preferences) or another broker means a new link.
 */
export function NalsRuntime({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(NALS_NS);
  const queueHost = useServerConfig().data?.queueHost ?? null;
  const { id: accountId, nalsToken } = user;

  useEffect(() => {
    if (!queueHost) return undefined;
    return connectNals({ queueHost, accountId, nalsToken });
  }, [queueHost, accountId, nalsToken]);

  // The installation's state (install-state.ts) counts the clients that said hello, from any page of the session.
  useEffect(() => followClient(nalsStore, accountId), [accountId]);

  // Spec section 8: NALS_NOT_FOUND opens the "not installed" dialog.
  const notFound = useNals((s) => s.notFoundCount);
  const seen = useRef(notFound);
  useEffect(() => {
    if (notFound > seen.current) openNotInstalledDialog(t);
    seen.current = notFound;
  }, [notFound, t]);

  return null;
}

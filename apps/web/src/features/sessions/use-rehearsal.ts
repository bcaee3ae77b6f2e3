import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_KEEPALIVE_INTERVAL_MS, type Session, type SessionKind } from '@tutti/contract/sessions';
import { closeBroker, nalsStore, sendCommand } from '../../lib/nals/nals-store';
import { joinRehearsal, quitRehearsal } from '../../lib/rehearsal-session';
import { closeBus } from '../../lib/use-bus';
import { joinSession } from './api/join';
import { sendKeepalive } from './api/keepalive';
import { sessionKeys } from './api/query-keys';
import { quitSession, sendQuitBeacon } from './api/quit';
import {
  CLIENT_RETURN_GRACE_MS,
  clientChange,
  createRehearsalController,
  idleRehearsal,
  type RehearsalController,
  type RehearsalEnd,
  type RehearsalSnapshot,
} from './rehearsal-controller';

/**
 * My stay in one rehearsal: join, keepalives, leave; leaving the page quits (authenticated call), closing the tab
 * quits by beacon and closes the broker and the bus (spec section 4).
 */
export function useRehearsal(kind: SessionKind, sessionId: string) {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<RehearsalSnapshot>(idleRehearsal);
  const controller = useRef<RehearsalController | null>(null);

  useEffect(() => {
    setSnapshot(idleRehearsal);
    const created = createRehearsalController({
      kind,
      join: (password) => joinSession(kind, sessionId, password),
      keepalive: () => sendKeepalive(sessionId),
      quit: () => quitSession(kind, sessionId),
      beacon: (leaveToken) => void sendQuitBeacon(kind, sessionId, leaveToken),
      send: (command) => void sendCommand(command),
      enter: joinRehearsal,
      exit: quitRehearsal,
      closeBroker,
      closeBus,
      onSession: (session: Session) => queryClient.setQueryData(sessionKeys.details(session.id), session),
      onChange: setSnapshot,
      every: (ms, tick) => {
        const timer = window.setInterval(tick, ms);
        return () => window.clearInterval(timer);
      },
      keepaliveMs: SESSION_KEEPALIVE_INTERVAL_MS,
      later: (ms, fn) => {
        const timer = window.setTimeout(fn, ms);
        return () => window.clearTimeout(timer);
      },
      clientPresent: () => nalsStore.getState().isConnected,
      clientGraceMs: CLIENT_RETURN_GRACE_MS,
    });
    controller.current = created;
    // The page follows its audio client: gone, the mixer is disabled and the grace period runs; back, it is sent to
    // the room again.
    const stopFollowing = nalsStore.subscribe((state, previous) => {
      const change = clientChange(previous, state);
      if (change === 'back') created.clientBack();
      else if (change) created.clientAway(change);
    });
    const onPageHide = () => created.leavePage();
    // Back from the back-forward cache, the page has neither broker, bus nor room: start it afresh.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      stopFollowing();
      created.dispose();
      if (controller.current === created) controller.current = null;
    };
  }, [kind, sessionId, queryClient]);

  const join = useCallback((password?: string) => controller.current?.join(password) ?? Promise.resolve(), []);
  const leave = useCallback(() => controller.current?.leave() ?? Promise.resolve(), []);
  const end = useCallback((reason: Exclude<RehearsalEnd, 'left'>) => controller.current?.end(reason), []);

  return { snapshot, join, leave, end };
}

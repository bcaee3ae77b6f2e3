import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useStore } from 'zustand';
import { closeModal, openAppModal } from '../../components/ui/modal-host';
import { i18n } from '../../lib/i18n';
import { clearLeaveGuard, getLeaveGuard, leaveGuardStore } from '../../lib/leave-guard';
import { getCurrentUser } from '../../lib/session';

const MODAL_ID = 'leave-guard';

/**
 * Asks before I let go of what the page guards (decision 0021): the rehearsal I am joined to (issue 9), the profile
 * form I have not saved (issue 29). Resolves true once I chose Leave and the page let go (a rehearsal's quit is
 * done), or at once when nothing is guarded; false when I stay (Stay, ×, Escape, a click outside, or another modal
 * taking its place). Staying touches nothing: the page, the room link, the typed values go on as they were.
 */
export async function confirmLeave(purpose: 'navigate' | 'signOut' = 'navigate'): Promise<boolean> {
  const guard = getLeaveGuard();
  if (!guard) return true;
  // The question's code loads with its first use: most visitors never see it.
  const { LeaveQuestion } = await import('../../components/ui/leave-question');
  return new Promise<boolean>((resolve) => {
    let decided = false;
    const stay = () => {
      if (decided) return;
      decided = true;
      resolve(false);
    };
    const leave = async () => {
      if (decided) return;
      decided = true;
      // A guard's leave never rejects (a rehearsal's failed quit is covered by the server's keepalive timeout).
      await guard.leave();
      // Gone now, before the next render removes it: the navigation that follows must not be blocked again.
      clearLeaveGuard(guard);
      closeModal(MODAL_ID);
      resolve(true);
    };
    openAppModal({
      modalId: MODAL_ID,
      size: 'small',
      title: i18n.t(`${guard.texts}.title`),
      onClose: stay,
      children: (
        <LeaveQuestion
          texts={guard.texts}
          name={guard.name}
          signOut={purpose === 'signOut'}
          onStay={() => closeModal(MODAL_ID)}
          onLeave={leave}
        />
      ),
    });
  });
}

type Location = Parameters<BlockerFunction>[0]['currentLocation'];

/** Whether a move from one location to the next leaves what the guard holds. */
const leaves = (guard: { holdsSearch: boolean }, current: Location, next: Location): boolean =>
  current.pathname !== next.pathname ||
  (guard.holdsSearch && (current.search !== next.search || current.hash !== next.hash));

/**
 * Mounted once by the layout (react-router allows one blocker per router). While a page guards something, an in-app
 * navigation to another page (a link, the logo, a menu item, back and forward) waits for the question above; Leave
 * lets go and goes on to the target, Stay cancels the navigation. A link opened in a new tab never reaches the router.
 * Closing the tab or reloading is not an in-app navigation: a rehearsal leaves by its pagehide beacon (spec section
 * 4); a guard that asks on unload (an unsaved form) gets the browser's own question. A signed-out user (a forced
 * logout on its way to the login page) is never held.
 */
export function NavigationGuard() {
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    const guard = getLeaveGuard();
    return guard !== null && getCurrentUser() !== null && leaves(guard, currentLocation, nextLocation);
  }, []);
  const blocker = useBlocker(shouldBlock);
  // A second navigation while the question is open only moves the blocked target: the answer applies to the latest.
  const latest = useRef(blocker);
  useEffect(() => {
    latest.current = blocker;
  });

  // One question per blocked navigation, whatever re-runs the effect meanwhile.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmLeave().then((leave) => {
      asking.current = false;
      const current = latest.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state]);

  // Listened to only while needed: a beforeunload listener keeps a page out of the browser's back-forward cache.
  const asksOnUnload = useStore(leaveGuardStore, (s) => s.guard?.asksOnUnload === true);
  useEffect(() => {
    if (!asksOnUnload) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set; its text is never shown.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [asksOnUnload]);

  return null;
}

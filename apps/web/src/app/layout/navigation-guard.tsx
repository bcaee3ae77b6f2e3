import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { closeModal, openAppModal } from '../../components/ui/modal-host';
import { i18n } from '../../lib/i18n';
import { clearLeaveGuard, getLeaveGuard } from '../../lib/leave-guard';
import { getCurrentUser } from '../../lib/session';

const MODAL_ID = 'leave-rehearsal';

/**
 * Asks "leave the rehearsal?" when I am joined to one (issue 9): resolves true once I chose Leave and the quit is
 * done (or at once when I am in no rehearsal), false when I stay (Stay, ×, Escape, a click outside, or another
 * modal taking its place). Staying touches nothing: the page, the room link and the keepalives go on as they were.
 */
export async function confirmLeaveRehearsal(purpose: 'navigate' | 'signOut' = 'navigate'): Promise<boolean> {
  const guard = getLeaveGuard();
  if (!guard) return true;
  // The question's code loads with its first use: most visitors never see it.
  const { LeaveRehearsalQuestion } = await import('../../components/ui/leave-rehearsal-question');
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
      // The controller's leave never rejects (a failed quit is covered by the server's keepalive timeout).
      await guard.leave();
      // Gone now, before the next render removes it: the navigation that follows must not be blocked again.
      clearLeaveGuard(guard);
      closeModal(MODAL_ID);
      resolve(true);
    };
    openAppModal({
      modalId: MODAL_ID,
      size: 'small',
      title: i18n.t('leaveRehearsal.title'),
      onClose: stay,
      children: (
        <LeaveRehearsalQuestion
          sessionName={guard.sessionName}
          signOut={purpose === 'signOut'}
          onStay={() => closeModal(MODAL_ID)}
          onLeave={leave}
        />
      ),
    });
  });
}

/**
 * Mounted once by the layout (react-router allows one blocker per router). While I am joined to a rehearsal, an
 * in-app navigation to another page (a link, the logo, a menu item, back and forward) waits for the question above;
 * Leave quits and goes on to the target, Stay cancels the navigation. Closing the tab or a full page load is not an
 * in-app navigation: the rehearsal page's pagehide beacon covers it (spec section 4), and a link opened in a new tab
 * never reaches the router. A signed-out user (a forced logout on its way to the login page) is never held.
 */
export function NavigationGuard() {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && getLeaveGuard() !== null && getCurrentUser() !== null,
    [],
  );
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
    void confirmLeaveRehearsal().then((leave) => {
      asking.current = false;
      const current = latest.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state]);

  return null;
}

import { useEffect, useRef } from 'react';
import { registerLeaveGuard } from '../../lib/leave-guard';

/**
 * While I am joined, going elsewhere in the app asks first (the layout's navigation guard, issue 9): this registers
 * the session's name and the page's Leave for it. Not joined (idle, joining, after the end): nothing is asked.
 */
export function useLeaveGuard(joined: boolean, sessionName: string, leave: () => Promise<void>): void {
  // The latest Leave, without re-registering the guard whenever the page re-renders.
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  }, [leave]);

  useEffect(() => {
    if (!joined) return;
    return registerLeaveGuard({ sessionName, leave: () => leaveRef.current() });
  }, [joined, sessionName]);
}

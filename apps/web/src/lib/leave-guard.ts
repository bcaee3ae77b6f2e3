import { createStore } from 'zustand';

/** What the app needs to ask "leave the rehearsal?" and then leave it: the session's name and its quit. */
export interface LeaveGuard {
  sessionName: string;
  /** Quits the rehearsal (the server's quit, the audio client out of the room); resolves once done. */
  leave(): Promise<void>;
}

/**
 * The rehearsal I am joined to, if any, as the navigation guard sees it. The rehearsal page sets it while joined;
 * the layout's blocker and the sign-out read it. A store rather than React state: the router's blocker function
 * runs outside React and must see a leave that happened a moment ago, before the next render.
 */
export const leaveGuardStore = createStore<{ guard: LeaveGuard | null }>(() => ({ guard: null }));

export const getLeaveGuard = (): LeaveGuard | null => leaveGuardStore.getState().guard;

/** Sets the guard; the returned function removes it unless another one replaced it meanwhile. */
export function registerLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuardStore.setState({ guard });
  return () => clearLeaveGuard(guard);
}

export function clearLeaveGuard(guard: LeaveGuard): void {
  if (leaveGuardStore.getState().guard === guard) leaveGuardStore.setState({ guard: null });
}

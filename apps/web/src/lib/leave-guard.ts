import { useCallback, useEffect, useRef } from 'react';
import { createStore } from 'zustand';

/** The question's texts: a section of the common namespace holding title, question, questionSignOut, leave, leaveAndSignOut and stay. */
export type LeaveQuestionTexts = 'leaveRehearsal' | 'unsavedChanges';

/**
 * Something a page would lose if I went elsewhere, as the layout's one navigation guard sees it (decision 0021):
 * a rehearsal I am joined to (issue 9), a profile form with unsaved changes (issue 29). The page says what would be
 * lost and how to let it go; the guard asks, then runs `leave` before the navigation goes on.
 */
export interface LeaveGuard {
  texts: LeaveQuestionTexts;
  /** What the question names (a session's name), if anything. */
  name?: string;
  /**
   * Held also when only the query or hash changes: the form of /me?edit=1 is gone at /me. A rehearsal's page stays
   * the same page across its query, so it is held on a change of path only.
   */
  holdsSearch: boolean;
  /**
   * Closing or reloading the tab asks too (the browser's own question): typing is lost with the tab. A rehearsal is
   * left at once by the pagehide beacon instead (spec section 4).
   */
  asksOnUnload: boolean;
  /** Lets go of what is guarded (quits the rehearsal; nothing for a form); resolves once done. */
  leave(): Promise<void>;
}

/**
 * The guard in force, if any. The page sets it; the layout's blocker and the sign-out read it. A store rather than
 * React state: the router's blocker function runs outside React and must see a leave that happened a moment ago,
 * before the next render.
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

const nothingToLeave = (): Promise<void> => Promise.resolve();

/**
 * Holds in-app navigations (and, if the guard says so, the tab's closing) while `active`. Returns `release`, which
 * drops the guard at once: a page calls it just before a navigation it starts itself and that loses nothing (after a
 * Save, a Cancel), since the blocker reads the store before the next render would remove the guard.
 */
export function useLeaveGuard(
  active: boolean,
  { texts, name, holdsSearch, asksOnUnload, leave = nothingToLeave }: Omit<LeaveGuard, 'leave'> & Partial<LeaveGuard>,
): () => void {
  // The latest leave, without registering the guard again whenever the page re-renders.
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  }, [leave]);
  const current = useRef<LeaveGuard | null>(null);

  useEffect(() => {
    if (!active) return;
    const guard: LeaveGuard = { texts, name, holdsSearch, asksOnUnload, leave: () => leaveRef.current() };
    current.current = guard;
    const unregister = registerLeaveGuard(guard);
    return () => {
      current.current = null;
      unregister();
    };
  }, [active, texts, name, holdsSearch, asksOnUnload]);

  return useCallback(() => {
    if (current.current) clearLeaveGuard(current.current);
  }, []);
}

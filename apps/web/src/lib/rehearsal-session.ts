import { createStore, useStore } from 'zustand';

/** Spec section 3: no session is sessionId -1. */
export const NO_SESSION = -1;

export type RehearsalType = 'open' | 'private' | 'test' | 'selfcheck';

export interface RehearsalSessionState {
  sessionId: string | typeof NO_SESSION;
  type: RehearsalType | null;
  /** ISO time the session started running, when known. */
  runningSince: string | null;
}

const NONE: RehearsalSessionState = { sessionId: NO_SESSION, type: null, runningSince: null };

/** The rehearsal the user is in, if any. Joining and quitting set it; the audio client's banner hides meanwhile. */
export const rehearsalSessionStore = createStore<RehearsalSessionState>(() => NONE);

export function joinRehearsal(sessionId: string, type: RehearsalType, runningSince: string | null = null): void {
  rehearsalSessionStore.setState({ sessionId, type, runningSince });
}

export function quitRehearsal(): void {
  rehearsalSessionStore.setState(NONE);
}

export const isInRehearsal = (state: RehearsalSessionState): boolean => state.sessionId !== NO_SESSION;

export const useInRehearsal = (): boolean => useStore(rehearsalSessionStore, isInRehearsal);

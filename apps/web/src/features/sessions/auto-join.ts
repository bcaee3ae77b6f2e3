/**
 * One click to play: a link to a session page with this navigation state joins on arrival (the hall's Join, "Create
 * and join"), once the session is live and the audio client connected. The state lives in the history entry, so the
 * page replaces it as soon as it acts on it: Back, a reload or a second visit never joins by itself.
 */
export const AUTO_JOIN_STATE = { autoJoin: true } as const;

export function wantsAutoJoin(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { autoJoin?: unknown }).autoJoin === true;
}

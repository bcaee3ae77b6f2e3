import type { SessionStatus } from '@tutti/contract/sessions';
import { isTester } from '../../platform/auth-guard.ts';
import type { SessionRow } from '../../platform/schema.ts';
import type { SessionTies } from './rehearsal.repository.ts';

/** An echo room has one musician: the audio client joins it in the first slot. */
export const ECHO_ROOM_PLAYER = 0;

export interface Viewer {
  accountId: string;
  privileges: string[];
}

export function sessionStatus(row: Pick<SessionRow, 'endedAt' | 'startsAt' | 'cancelledAt'>, now: Date): SessionStatus {
  if (row.cancelledAt) return 'cancelled';
  if (row.endedAt) return 'ended';
  return row.startsAt.getTime() > now.getTime() ? 'scheduled' : 'live';
}

/** Who may see a session (details, join, its bus topic). Anyone else is told it does not exist (404), never 403:
 *  the web signs out on any 403. */
export function canSeeSession(row: SessionRow, viewer: Viewer, ties: SessionTies): boolean {
  if (row.kind === 'test') return isTester(viewer.privileges);
  if (row.public) return true;
  return row.organizerId === viewer.accountId || ties.invited || ties.played;
}

/** The invitation list is the organizer's, the invited's and the players' business only. */
export const showsInvitations = (row: SessionRow, accountId: string, ties: SessionTies): boolean =>
  row.organizerId === accountId || ties.invited || ties.played;

export const isOrganizer = (row: SessionRow, accountId: string): boolean => row.organizerId === accountId;

/** Lowest slot nobody holds; null when the room is full. */
export function lowestFreeSlot(taken: number[], maxPlayers: number): number | null {
  const used = new Set(taken);
  for (let slot = 0; slot < maxPlayers; slot++) if (!used.has(slot)) return slot;
  return null;
}

/** An ended (not cancelled) open session its organizer may still restart: until a grace period after its end. */
export function restartableUntil(
  row: Pick<SessionRow, 'kind' | 'endedAt' | 'cancelledAt'>,
  graceMs: number,
): Date | null {
  if (row.kind !== 'open' || !row.endedAt || row.cancelledAt) return null;
  return new Date(row.endedAt.getTime() + graceMs);
}

/** A live open session everyone left: when it ends unless someone comes back. */
export function closesAt(row: Pick<SessionRow, 'kind' | 'endedAt' | 'emptySince'>, graceMs: number): Date | null {
  if (row.kind !== 'open' || row.endedAt || !row.emptySince) return null;
  return new Date(row.emptySince.getTime() + graceMs);
}

import type { CurrentUser } from '@tutti/contract/accounts';
import type { JoinedSession, MusicianRef, Session, SessionPlayer } from '@tutti/contract/sessions';
import { testUser } from '../../../test/current-user';

/** Sessions and musicians as the server answers them, for this feature's tests. */
export const ANA: MusicianRef = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'ana',
  displayedUsername: 'Ana',
  profilePicture: null,
};
export const BEN: MusicianRef = {
  id: '22222222-2222-4222-8222-222222222222',
  username: 'ben',
  displayedUsername: 'Ben',
  profilePicture: null,
};

export const SESSION_ID = '33333333-3333-4333-8333-333333333333';
export const ROOM_ID = '44444444-4444-4444-8444-444444444444';

export const userOf = (m: MusicianRef, privileges: string[] = ['CORE_GUEST']): CurrentUser =>
  testUser({
    id: m.id,
    username: m.username,
    displayedUsername: m.displayedUsername,
    privileges,
    nalsToken: `tok_${m.username}`,
  });

export const player = (musician: MusicianRef, slot: number): SessionPlayer => ({
  musician,
  slot,
  joinedAt: '2030-01-01T10:00:00.000Z',
});

export function sampleSession(patch: Partial<Session> = {}): Session {
  return {
    id: SESSION_ID,
    kind: 'open',
    name: 'Tuesday jam',
    description: 'Blues in A',
    public: true,
    coverPicture: null,
    startsAt: '2030-01-01T10:00:00.000Z',
    status: 'live',
    runningSince: '2030-01-01T10:00:00.000Z',
    endedAt: null,
    closesAt: null,
    restartableUntil: null,
    calendarSequence: 0,
    createdAt: '2030-01-01T09:00:00.000Z',
    organizer: ANA,
    maxPlayers: 8,
    players: [],
    invited: [],
    ...patch,
  };
}

export function sampleJoined(patch: Partial<JoinedSession> = {}): JoinedSession {
  return {
    session: sampleSession({ players: [player(ANA, 0)] }),
    room: { id: ROOM_ID, ip: '127.0.0.1', port: 7001, charge: ROOM_ID },
    slot: 0,
    remainingMinutes: 42,
    leaveToken: 'leave-token-1',
    ...patch,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const apiError = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  json(status, { error: { code, message: code, ...extra } });

/** One page of a paged list as the server answers it. */
export const pageOf = <T>(items: T[], page = 1, total = items.length, size = 20) => ({ items, page, size, total });

/** n sessions with distinct ids and names (Jam 1, Jam 2...). */
export const sessionsNamed = (from: number, n: number): Session[] =>
  Array.from({ length: n }, (_, i) =>
    sampleSession({ id: `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`, name: `Jam ${from + i}` }),
  );

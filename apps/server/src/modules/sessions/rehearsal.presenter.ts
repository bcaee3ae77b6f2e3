import type { MusicianRef, Session, SessionPost } from '@tutti/contract/sessions';
import type { AccountRow, SessionPostRow, SessionRow } from '../../platform/schema.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { SessionView } from './rehearsal.repository.ts';
import { closesAt, restartableUntil, sessionStatus } from './sessions.policy.ts';

/** A musician as sessions show them; `pictureUrl` is the storage's (null picture: the default avatar). */
export const presentMusician = (account: AccountRow, pictureUrl: (key: string) => string): MusicianRef => ({
  id: account.id,
  username: account.username,
  displayedUsername: account.displayedUsername?.trim() || account.username,
  profilePicture: account.profilePicture ? pictureUrl(account.profilePicture) : null,
});

export type CoverUrl = Storage['publicUrl'];

export function presentSession(
  view: SessionView,
  now: Date,
  coverUrl: CoverUrl,
  showInvited: boolean,
  graceMs: number,
): Session {
  const { row } = view;
  const restartable = restartableUntil(row, graceMs);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    public: row.public,
    coverPicture: row.coverPicture ? coverUrl(row.coverPicture) : null,
    startsAt: row.startsAt.toISOString(),
    status: sessionStatus(row, now),
    runningSince: row.runningSince?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    closesAt: closesAt(row, graceMs)?.toISOString() ?? null,
    restartableUntil: restartable && restartable > now ? restartable.toISOString() : null,
    calendarSequence: row.calendarSequence,
    createdAt: row.createdAt.toISOString(),
    organizer: view.organizer ? presentMusician(view.organizer, coverUrl) : null,
    maxPlayers: row.maxPlayers,
    players: view.players.map((p) => ({
      musician: presentMusician(p.account, coverUrl),
      slot: p.slot,
      joinedAt: p.joinedAt.toISOString(),
    })),
    invited: showInvited
      ? view.invitations.flatMap((i) =>
          // An invitation whose inviter deleted their account is shown as invited by the organizer.
          (i.invitedBy ?? view.organizer)
            ? [
                {
                  musician: presentMusician(i.account, coverUrl),
                  invitedAt: i.invitedAt.toISOString(),
                  invitedBy: presentMusician((i.invitedBy ?? view.organizer) as AccountRow, coverUrl),
                },
              ]
            : [],
        )
      : [],
  };
}

export function presentPost(
  post: SessionPostRow,
  session: SessionRow,
  actor: AccountRow | null,
  now: Date,
  coverUrl: CoverUrl,
): SessionPost {
  return {
    id: post.id,
    kind: post.kind,
    at: post.createdAt.toISOString(),
    actor: actor ? presentMusician(actor, coverUrl) : null,
    session: {
      id: session.id,
      name: session.name,
      coverPicture: session.coverPicture ? coverUrl(session.coverPicture) : null,
      status: sessionStatus(session, now),
    },
  };
}

import type { JoinedSession, KeepaliveResponse, Session, SessionKind } from '@tutti/contract/sessions';
import { ApiError } from '../../lib/api-error';
import type { NalsCommand } from '../../lib/nals/commands';
import type { RehearsalType } from '../../lib/rehearsal-session';

/**
 * Why my stay in a rehearsal ended: I left, my free minutes ran out, the server dropped me, the session ended, or my
 * audio client did not come back within CLIENT_RETURN_GRACE_MS.
 */
export type RehearsalEnd = 'left' | 'minutes' | 'disconnected' | 'ended' | 'clientGone';

/** Why the sound stopped while joined: the client said bye (stopped, killed: its last will), or the page lost it. */
export type ClientAbsence = 'closed' | 'lost';

/**
 * How long a joined page waits for its audio client to say hello again before it leaves the room and frees the slot
 * (docs/decisions/0020-page-follows-audio-client.md). Long enough to restart a crashed client or replug a computer,
 * short enough that a slot nobody plays in is not held: keepalives go on meanwhile, so this bounds them.
 */
export const CLIENT_RETURN_GRACE_MS = 3 * 60_000;

export interface RehearsalSnapshot {
  phase: 'idle' | 'joining' | 'joined';
  joined: JoinedSession | null;
  /** Free minutes left; null when subscribed, in a test rehearsal, or not joined. */
  remainingMinutes: number | null;
  end: RehearsalEnd | null;
  /** While joined: why the audio client is away (the mixer is disabled meanwhile); null while it is there. */
  away: ClientAbsence | null;
  /** How many times, in this stay, the client came back and was sent to the room again (the page says so). */
  returns: number;
}

export const idleRehearsal: RehearsalSnapshot = {
  phase: 'idle',
  joined: null,
  remainingMinutes: null,
  end: null,
  away: null,
  returns: 0,
};

/** Everything the lifecycle touches, injected so the rules below are tested without a browser, broker or server. */
export interface RehearsalDeps {
  kind: SessionKind;
  join(password?: string): Promise<JoinedSession>;
  keepalive(): Promise<KeepaliveResponse>;
  quit(): Promise<void>;
  /** The tab is closing: the quit as a beacon, authenticated by the join's leaveToken. */
  beacon(leaveToken: string): void;
  /** To the audio client (connect, disconnect). */
  send(command: NalsCommand): void;
  /** lib/rehearsal-session: join sets the session id and type, quit resets them. */
  enter(sessionId: string, type: RehearsalType, runningSince: string | null): void;
  exit(): void;
  closeBroker(): void;
  closeBus(): void;
  /** A fresher copy of the session (keepalive and join answers carry one). */
  onSession(session: Session): void;
  onChange(snapshot: RehearsalSnapshot): void;
  every(ms: number, tick: () => void): () => void;
  keepaliveMs: number;
  /** Runs `fn` once after `ms`; returns the cancel. */
  later(ms: number, fn: () => void): () => void;
  /** Whether the audio client is connected now (it may have gone while the join was under way). */
  clientPresent(): boolean;
  clientGraceMs: number;
}

export interface RehearsalController {
  getSnapshot(): RehearsalSnapshot;
  /** Takes a slot and sends the audio client to the room; rejects with the server's ApiError. */
  join(password?: string): Promise<void>;
  /** The Leave button: quit on the server, then the same local cleanup. */
  leave(): Promise<void>;
  /** The server or the bus said my stay is over: local cleanup only. */
  end(reason: Exclude<RehearsalEnd, 'left'>): void;
  /** Going elsewhere in the app: the authenticated quit; broker and bus stay open for the next page. */
  dispose(): void;
  /** pagehide: disconnect the room, quit by beacon, close broker and bus. */
  leavePage(): void;
  /** The audio client said bye or the page lost it: the slot is kept for the grace period, then quit. */
  clientAway(reason: ClientAbsence): void;
  /** The audio client said hello again: sent back to the same room and slot with the join's ticket. */
  clientBack(): void;
}

/** What the page sees of its audio client (lib/nals/nals-state). */
interface ClientView {
  isConnected: boolean;
  link: 'off' | 'connecting' | 'online' | 'offline';
}

/**
 * A change of the audio client as the rehearsal follows it: gone, with why (a bye, which a killed client's last will
 * also sends, while the page still reaches the broker: closed; the page's own broker link lost: lost), or back (hello).
 */
export function clientChange(previous: ClientView, next: ClientView): ClientAbsence | 'back' | null {
  if (previous.isConnected && !next.isConnected) return next.link === 'online' ? 'closed' : 'lost';
  if (!previous.isConnected && next.isConnected) return 'back';
  return null;
}

export const rehearsalType = (session: Pick<Session, 'kind' | 'public'>): RehearsalType =>
  session.kind === 'test' ? 'test' : session.public ? 'open' : 'private';

export function createRehearsalController(deps: RehearsalDeps): RehearsalController {
  let snapshot: RehearsalSnapshot = idleRehearsal;
  let stopKeepalive: (() => void) | null = null;
  let stopGrace: (() => void) | null = null;
  let gone = false;

  const set = (patch: Partial<RehearsalSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    if (!gone) deps.onChange(snapshot);
  };

  /** Out of the room on this side: no more keepalives, the audio client disconnected, the session state reset. */
  function leaveLocally(): JoinedSession | null {
    const joined = snapshot.joined;
    stopKeepalive?.();
    stopKeepalive = null;
    stopGrace?.();
    stopGrace = null;
    // Out of the room at once (callers announce it): a keepalive still in flight must not clean up a second time.
    snapshot = { ...snapshot, phase: 'idle', joined: null, remainingMinutes: null, away: null, returns: 0 };
    if (joined) {
      deps.send({ action: 'disconnect' });
      deps.exit();
    }
    return joined;
  }

  async function keepalive(): Promise<void> {
    if (snapshot.phase !== 'joined') return;
    // The answer is about this stay only: after Leave and a new Join, a late 409 must not end the new one.
    const stay = snapshot.joined;
    try {
      const answer = await deps.keepalive();
      if (snapshot.phase !== 'joined' || snapshot.joined !== stay) return;
      deps.onSession(answer.session);
      set({ remainingMinutes: answer.remainingMinutes });
    } catch (error) {
      if (!(error instanceof ApiError) || snapshot.phase !== 'joined' || snapshot.joined !== stay) return;
      if (error.code === 'NO_MINUTES_LEFT' || error.status === 402) controller.end('minutes');
      else if (error.code === 'NOT_IN_SESSION') controller.end('disconnected');
      else if (error.code === 'SESSION_ENDED' || error.code === 'SESSION_CANCELLED') controller.end('ended');
      // Anything else (network, 5xx) is passing: the next keepalive tries again before the server's timeout.
    }
  }

  /** Sends the audio client to my room and slot; the join's ticket admits it again as long as it is valid. */
  function connect({ room, slot }: JoinedSession): void {
    deps.send({ action: 'connect', data: { ip: room.ip, port: room.port, player: slot, charge: room.charge } });
  }

  const controller: RehearsalController = {
    getSnapshot: () => snapshot,

    async join(password) {
      if (snapshot.phase !== 'idle' || gone) return;
      set({ phase: 'joining', end: null });
      let joined: JoinedSession;
      try {
        joined = await deps.join(password);
      } catch (error) {
        set({ phase: 'idle' });
        throw error;
      }
      // The page went away meanwhile: give the slot back rather than hold it until the keepalive timeout.
      if (gone) {
        void deps.quit().catch(() => undefined);
        return;
      }
      const { session } = joined;
      deps.enter(session.id, rehearsalType(session), session.runningSince);
      connect(joined);
      deps.onSession(session);
      set({ phase: 'joined', joined, remainingMinutes: joined.remainingMinutes, away: null, returns: 0 });
      stopKeepalive = deps.every(deps.keepaliveMs, () => void keepalive());
      // The client left while the join was under way: its connect was dropped; wait for it like any other absence.
      if (!deps.clientPresent()) controller.clientAway('lost');
    },

    async leave() {
      if (snapshot.phase !== 'joined') return;
      leaveLocally();
      set({ phase: 'idle', joined: null, remainingMinutes: null, end: 'left' });
      // Idempotent on the server; a failure here is covered by the keepalive timeout.
      await deps.quit().catch(() => undefined);
    },

    end(reason) {
      if (snapshot.phase !== 'joined') return;
      leaveLocally();
      set({ phase: 'idle', joined: null, remainingMinutes: null, end: reason });
    },

    dispose() {
      if (gone) return;
      const joined = leaveLocally();
      gone = true;
      if (joined) void deps.quit().catch(() => undefined);
    },

    leavePage() {
      if (gone) return;
      const joined = leaveLocally();
      gone = true;
      if (joined) deps.beacon(joined.leaveToken);
      deps.closeBroker();
      deps.closeBus();
    },

    clientAway(reason) {
      if (snapshot.phase !== 'joined' || snapshot.away) return;
      const stay = snapshot.joined;
      set({ away: reason });
      // Keepalives go on (the slot and its ticket stay valid for the client's return); the grace period bounds them.
      stopGrace = deps.later(deps.clientGraceMs, () => {
        stopGrace = null;
        if (snapshot.phase !== 'joined' || snapshot.joined !== stay || !snapshot.away) return;
        leaveLocally();
        set({ phase: 'idle', joined: null, remainingMinutes: null, end: 'clientGone' });
        void deps.quit().catch(() => undefined);
      });
    },

    clientBack() {
      if (snapshot.phase !== 'joined' || !snapshot.away || !snapshot.joined) return;
      stopGrace?.();
      stopGrace = null;
      connect(snapshot.joined);
      set({ away: null, returns: snapshot.returns + 1 });
    },
  };
  return controller;
}

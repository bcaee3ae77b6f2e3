import { SESSION_EMPTY_TIMEOUT_MS, SESSION_KEEPALIVE_TIMEOUT_MS } from '@tutti/contract/sessions';
import type { Jobs } from '../../platform/jobs.ts';
import type { RoomRow, SessionPlayerRow } from '../../platform/schema.ts';
import type { CoreDeps, SessionCore } from './session-core.ts';

export const SESSION_SWEEP_JOB = 'sessions:sweep';
/** Rows one run takes at most; the next run takes the rest. */
const BATCH = 200;

/**
 * The sweep: players whose keepalives stopped leave (reason 'timeout'), and open sessions left empty past their
 * grace period end, as do scheduled ones nobody came to. Each step claims its rows with FOR UPDATE SKIP LOCKED, so the instances
 * sharing a database never process the same row; events and room releases follow the commit.
 */
export function createSessionSweep(deps: CoreDeps & { core: SessionCore }) {
  const { db, repo, presence, core, now, graceMs } = deps;

  const dropSilentPlayers = async (): Promise<void> => {
    const left = await db.transaction(async (tx) => {
      const silentSince = new Date(now().getTime() - SESSION_KEEPALIVE_TIMEOUT_MS);
      const out: SessionPlayerRow[] = [];
      for (const player of await presence.claimSilent(tx, silentSince, BATCH)) {
        // They leave at their last keepalive: the silence is not counted against their minutes.
        const row = await presence.markLeft(tx, player.id, player.lastKeepaliveAt, 'timeout');
        if (row) out.push(row);
      }
      return out;
    });
    const bySession = new Map<string, SessionPlayerRow[]>();
    for (const p of left) bySession.set(p.sessionId, [...(bySession.get(p.sessionId) ?? []), p]);
    for (const [sessionId, players] of bySession) {
      const ended = await core.settleAfterLeaving(sessionId, players);
      await core.announceLeft(players, ended);
    }
  };

  const endAbandoned = async (): Promise<void> => {
    const ended = await db.transaction(async (tx) => {
      const out: { id: string; closed: RoomRow[] }[] = [];
      for (const session of await repo.claimAbandoned(
        tx,
        now(),
        { emptyTimeoutMs: SESSION_EMPTY_TIMEOUT_MS, graceMs },
        BATCH,
      )) {
        out.push({ id: session.id, closed: await core.endClaimed(tx, session) });
      }
      return out;
    });
    for (const { id, closed } of ended) {
      await core.release(closed);
      await deps.events.ended(core.forBus(await core.loadView(id)));
    }
  };

  return {
    async run(): Promise<void> {
      await dropSilentPlayers();
      await endAbandoned();
    },
  };
}

export function registerSessionJobs(jobs: Jobs, sweep: { run(): Promise<void> }, intervalMs: number): void {
  jobs.register(SESSION_SWEEP_JOB, intervalMs, () => sweep.run());
}

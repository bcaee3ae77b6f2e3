import { describe, expect, it, vi } from 'vitest';
import type { NalsCommand } from '../../lib/nals/commands';
import type { SignalMessage } from '../../lib/nals/nals-state';
import {
  initialSelfcheck,
  median,
  runSelfcheck,
  selfcheckReducer,
  type SelfcheckDeps,
  type SelfcheckEvent,
  type SelfcheckState,
} from './selfcheck';

const reduce = (events: SelfcheckEvent[], from: SelfcheckState = initialSelfcheck) =>
  events.reduce(selfcheckReducer, from);
const FAST = { samples: 3, pingTimeoutMs: 50, gapMs: 0, cnxTimeoutMs: 50, disTimeoutMs: 50 };
const ROOM = { id: 'sc-1', ip: '127.0.0.1', port: 7400, player: 0, charge: 'room-9' };

describe('selfcheck step machine', () => {
  it('walks every step of a good run', () => {
    const state = reduce([
      { type: 'start' },
      { type: 'nals', found: true, version: '0.11.0', canPing: true },
      { type: 'roomStarted' },
      { type: 'cnx' },
      { type: 'sample', rttMs: 4 },
      { type: 'sample', rttMs: 6 },
      { type: 'measured' },
      { type: 'roomClosed' },
      { type: 'nalsDisconnected' },
      { type: 'end' },
    ]);
    expect(state.steps).toEqual([
      'starting',
      'waitingForNals',
      'nalsDetected',
      'echoStarting',
      'echoStarted',
      'connecting',
      'connected',
      'finished',
      'serverStopped',
      'nalsDisconnected',
    ]);
    expect(state).toMatchObject({ phase: 'done', samples: [4, 6], version: '0.11.0' });
  });

  it('stops at "not detected" and at "unable to start the echo room"', () => {
    expect(reduce([{ type: 'start' }, { type: 'nals', found: false }])).toMatchObject({
      phase: 'done',
      steps: ['starting', 'waitingForNals', 'nalsNotDetected'],
    });
    const unable = reduce([{ type: 'start' }, { type: 'nals', found: true }, { type: 'roomFailed' }]);
    expect(unable.phase).toBe('done');
    expect(unable.steps.at(-1)).toBe('echoUnable');
  });

  it('ignores events out of order and samples outside the measurement', () => {
    const started = reduce([{ type: 'start' }]);
    expect(reduce([{ type: 'cnx' }, { type: 'roomStarted' }, { type: 'sample', rttMs: 3 }], started)).toEqual(started);
    expect(reduce([{ type: 'cnx' }], initialSelfcheck)).toEqual(initialSelfcheck);
    const measuring = reduce([{ type: 'nals', found: true }, { type: 'roomStarted' }, { type: 'cnx' }], started);
    expect(
      reduce(
        [
          { type: 'sample', rttMs: -1 },
          { type: 'sample', rttMs: Number.NaN },
        ],
        measuring,
      ).samples,
    ).toEqual([]);
  });

  it('a new start begins again from scratch', () => {
    const done = reduce([{ type: 'start' }, { type: 'nals', found: false }]);
    expect(reduce([{ type: 'start' }], done).steps).toEqual(['starting', 'waitingForNals']);
  });

  it('takes the median of the samples', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
});

/** A fake audio client answering the self-check's commands the way apps/nals does. */
function fakeDeps(overrides: Partial<SelfcheckDeps> & { answer?: (command: NalsCommand) => SignalMessage[] } = {}) {
  const waiting = new Set<{ match: (m: SignalMessage) => boolean; resolve: (m: SignalMessage | null) => void }>();
  const emit = (message: SignalMessage) => {
    for (const w of [...waiting]) {
      if (w.match(message)) {
        waiting.delete(w);
        w.resolve(message);
      }
    }
  };
  let rtt = 10;
  const answer =
    overrides.answer ??
    ((command: NalsCommand): SignalMessage[] => {
      if (command.action === 'connect') return [{ signal: 'cnx', data: { ip: ROOM.ip, port: ROOM.port, player: 0 } }];
      if (command.action === 'ping') return [{ signal: 'ping', data: { rttMs: (rtt += 2) } }];
      if (command.action === 'disconnect') return [{ signal: 'dis', data: { reason: 'requested' } }];
      return [];
    });
  const sent: NalsCommand[] = [];
  const deps: SelfcheckDeps = {
    detectClient: async () => '0.11.0',
    canPing: () => true,
    startRoom: async () => ROOM,
    closeRoom: vi.fn(async () => undefined),
    send: (command) => {
      sent.push(command);
      setTimeout(() => answer(command).forEach(emit), 1);
      return true;
    },
    nextSignal: (match, timeoutMs) =>
      new Promise((resolve) => {
        const entry = { match, resolve };
        waiting.add(entry);
        setTimeout(() => {
          if (waiting.delete(entry)) resolve(null);
        }, timeoutMs);
      }),
    sleep: async () => undefined,
    ...overrides,
  };
  return { deps, sent };
}

async function runWith(deps: SelfcheckDeps) {
  let state = initialSelfcheck;
  await runSelfcheck(deps, (event) => (state = selfcheckReducer(state, event)), FAST);
  return state;
}

describe('runSelfcheck', () => {
  it('connects to the echo room, measures, then closes the room and disconnects', async () => {
    const { deps, sent } = fakeDeps();
    const state = await runWith(deps);
    expect(state.steps.at(-1)).toBe('nalsDisconnected');
    expect(state.samples).toEqual([12, 14, 16]);
    expect(median(state.samples)).toBe(14);
    expect(sent.map((c) => c.action)).toEqual(['connect', 'ping', 'ping', 'ping', 'disconnect']);
    expect(sent[0]).toEqual({ action: 'connect', data: { ip: '127.0.0.1', port: 7400, player: 0, charge: 'room-9' } });
    expect(deps.closeRoom).toHaveBeenCalledWith('sc-1');
  });

  it('without a client, stops at "not detected" and opens no room', async () => {
    const startRoom = vi.fn(async () => ROOM);
    const { deps } = fakeDeps({ detectClient: async () => null, startRoom });
    const state = await runWith(deps);
    expect(state.steps.at(-1)).toBe('nalsNotDetected');
    expect(startRoom).not.toHaveBeenCalled();
  });

  it('reports an echo room the server could not start', async () => {
    const { deps, sent } = fakeDeps({ startRoom: () => Promise.reject(new Error('503')) });
    const state = await runWith(deps);
    expect(state.steps.at(-1)).toBe('echoUnable');
    expect(sent).toEqual([]);
  });

  it('a refused connection still closes the room', async () => {
    const { deps, sent } = fakeDeps({
      answer: (c) => (c.action === 'connect' ? [{ signal: 'dis', data: { reason: 'refused' } }] : []),
    });
    const state = await runWith(deps);
    expect(state.steps).toContain('connectFailed');
    expect(state.steps.slice(-2)).toEqual(['serverStopped', 'nalsDisconnected']);
    expect(deps.closeRoom).toHaveBeenCalledWith('sc-1');
    expect(sent.map((c) => c.action)).toEqual(['connect']);
  });

  it('a client older than 0.9.0 connects but measures nothing', async () => {
    const { deps, sent } = fakeDeps({ canPing: () => false });
    const state = await runWith(deps);
    expect(state.canPing).toBe(false);
    expect(state.samples).toEqual([]);
    expect(state.steps).toContain('finished');
    expect(sent.some((c) => c.action === 'ping')).toBe(false);
  });
});

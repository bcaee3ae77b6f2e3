import type { NalsCommand } from '../../lib/nals/commands';
import type { SignalMessage } from '../../lib/nals/nals-state';

/** The echo test's steps (spec section 4), in the order they can happen. */
export type SelfcheckStep =
  | 'starting'
  | 'waitingForNals'
  | 'nalsDetected'
  | 'nalsNotDetected'
  | 'echoStarting'
  | 'echoStarted'
  | 'echoUnable'
  | 'connecting'
  | 'connected'
  | 'connectFailed'
  | 'finished'
  | 'serverStopped'
  | 'nalsDisconnected';

const FAILURES: readonly SelfcheckStep[] = ['nalsNotDetected', 'echoUnable', 'connectFailed'];
export const isFailureStep = (step: SelfcheckStep) => FAILURES.includes(step);

export type SelfcheckPhase = 'idle' | 'running' | 'done';

export interface SelfcheckState {
  phase: SelfcheckPhase;
  steps: SelfcheckStep[];
  /** Round trips measured through the echo room, in milliseconds. */
  samples: number[];
  /** The client's version once detected. */
  version: string | null;
  /** Whether the client can measure round trips at all (ping needs 0.9.0). */
  canPing: boolean;
}

export const initialSelfcheck: SelfcheckState = { phase: 'idle', steps: [], samples: [], version: null, canPing: true };

export type SelfcheckEvent =
  | { type: 'start' }
  | { type: 'nals'; found: boolean; version?: string | null; canPing?: boolean }
  | { type: 'roomStarted' }
  | { type: 'roomFailed' }
  | { type: 'cnx' }
  | { type: 'cnxFailed' }
  | { type: 'sample'; rttMs: number }
  | { type: 'measured' }
  | { type: 'roomClosed' }
  | { type: 'nalsDisconnected' }
  | { type: 'end' };

const step = (state: SelfcheckState, ...steps: SelfcheckStep[]): SelfcheckState => ({
  ...state,
  steps: [...state.steps, ...steps],
});
const last = (state: SelfcheckState) => state.steps[state.steps.length - 1];

/** The step machine: each event appends the steps the user sees; pure, so each path is unit-tested. */
export function selfcheckReducer(state: SelfcheckState, event: SelfcheckEvent): SelfcheckState {
  if (event.type === 'start') return { ...initialSelfcheck, phase: 'running', steps: ['starting', 'waitingForNals'] };
  if (state.phase !== 'running') return state;
  switch (event.type) {
    case 'nals':
      if (last(state) !== 'waitingForNals') return state;
      return event.found
        ? {
            ...step(state, 'nalsDetected', 'echoStarting'),
            version: event.version ?? null,
            canPing: event.canPing ?? true,
          }
        : { ...step(state, 'nalsNotDetected'), phase: 'done' };
    case 'roomStarted':
      return last(state) === 'echoStarting' ? step(state, 'echoStarted', 'connecting') : state;
    case 'roomFailed':
      return last(state) === 'echoStarting' ? { ...step(state, 'echoUnable'), phase: 'done' } : state;
    case 'cnx':
      return last(state) === 'connecting' ? step(state, 'connected') : state;
    case 'cnxFailed':
      return last(state) === 'connecting' ? step(state, 'connectFailed') : state;
    case 'sample':
      return last(state) === 'connected' && Number.isFinite(event.rttMs) && event.rttMs >= 0
        ? { ...state, samples: [...state.samples, event.rttMs] }
        : state;
    case 'measured':
      return last(state) === 'connected' ? step(state, 'finished') : state;
    case 'roomClosed':
      return state.steps.includes('echoStarted') && !state.steps.includes('serverStopped')
        ? step(state, 'serverStopped')
        : state;
    case 'nalsDisconnected':
      return state.steps.includes('serverStopped') && !state.steps.includes('nalsDisconnected')
        ? step(state, 'nalsDisconnected')
        : state;
    case 'end':
      return { ...state, phase: 'done' };
  }
}

/** The figure shown: the median, less sensitive than the mean to one late packet. */
export function median(samples: readonly number[]): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface EchoRoom {
  id: string;
  ip: string;
  port: number;
  player: number;
  /** What the client presents to the room server to join: the room's id. */
  charge: string;
}

export interface SelfcheckDeps {
  /** Resolves with the connected client's version, or null when none answers in time. */
  detectClient(): Promise<string | null>;
  canPing(version: string): boolean;
  startRoom(): Promise<EchoRoom>;
  closeRoom(id: string): Promise<void>;
  send(command: NalsCommand): boolean;
  /** Resolves with the first signal `match` accepts, or null after `timeoutMs`. */
  nextSignal(match: (message: SignalMessage) => boolean, timeoutMs: number): Promise<SignalMessage | null>;
  sleep(ms: number): Promise<void>;
}

export const SELFCHECK_SETTINGS = {
  samples: 20,
  pingTimeoutMs: 2_000,
  gapMs: 100,
  cnxTimeoutMs: 5_000,
  disTimeoutMs: 3_000,
};

/**
 * Runs the echo test: detect the client, ask the server for an echo room, connect the client to it, measure round
 * trips with ping actions, then always close the room and disconnect the client. `dispatch` receives each event.
 */
export async function runSelfcheck(
  deps: SelfcheckDeps,
  dispatch: (event: SelfcheckEvent) => void,
  settings = SELFCHECK_SETTINGS,
  signal?: AbortSignal,
): Promise<void> {
  dispatch({ type: 'start' });
  const version = await deps.detectClient();
  if (!version) {
    dispatch({ type: 'nals', found: false });
    return;
  }
  const canPing = deps.canPing(version);
  dispatch({ type: 'nals', found: true, version, canPing });

  let room: EchoRoom;
  try {
    room = await deps.startRoom();
  } catch {
    dispatch({ type: 'roomFailed' });
    return;
  }
  dispatch({ type: 'roomStarted' });

  let inRoom = false;
  try {
    const answered = deps.nextSignal((m) => m.signal === 'cnx' || m.signal === 'dis', settings.cnxTimeoutMs);
    const { ip, port, player, charge } = room;
    deps.send({ action: 'connect', data: { ip, port, player, charge } });
    const reply = await answered;
    // Without an answer the client may still join late: it is taken out below all the same.
    inRoom = reply?.signal !== 'dis';
    if (reply?.signal !== 'cnx') {
      dispatch({ type: 'cnxFailed' });
    } else {
      dispatch({ type: 'cnx' });
      for (let i = 0; canPing && i < settings.samples && !signal?.aborted; i++) {
        const pong = deps.nextSignal((m) => m.signal === 'ping', settings.pingTimeoutMs);
        deps.send({ action: 'ping' });
        const answer = await pong;
        if (answer?.signal === 'ping') dispatch({ type: 'sample', rttMs: answer.data.rttMs });
        await deps.sleep(settings.gapMs);
      }
      dispatch({ type: 'measured' });
    }
  } finally {
    // Whatever happened once the room exists: close it, and take the client out of it. The room closing may make
    // the client leave by itself, so its "dis" is awaited from before the close.
    const left = inRoom ? deps.nextSignal((m) => m.signal === 'dis', settings.disTimeoutMs) : Promise.resolve(null);
    await deps.closeRoom(room.id).catch(() => undefined);
    dispatch({ type: 'roomClosed' });
    if (inRoom) deps.send({ action: 'disconnect' });
    const gone = await left;
    if (!inRoom || gone) dispatch({ type: 'nalsDisconnected' });
    dispatch({ type: 'end' });
  }
}

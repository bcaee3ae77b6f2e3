import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JoinedSession } from '@tutti/contract/sessions';
import { ApiError } from '../../lib/api-error';
import {
  CLIENT_RETURN_GRACE_MS,
  clientChange,
  createRehearsalController,
  type RehearsalDeps,
} from './rehearsal-controller';
import { sampleJoined, sampleSession, SESSION_ID } from './test-fixtures';

function setup(patch: Partial<RehearsalDeps> = {}) {
  let tick: (() => void) | null = null;
  const stop = vi.fn();
  const deps = {
    kind: 'open',
    join: vi.fn(async () => sampleJoined()),
    keepalive: vi.fn(async () => ({ remainingMinutes: 41, session: sampleSession() })),
    quit: vi.fn(async () => undefined),
    beacon: vi.fn(),
    send: vi.fn(),
    enter: vi.fn(),
    exit: vi.fn(),
    closeBroker: vi.fn(),
    closeBus: vi.fn(),
    onSession: vi.fn(),
    onChange: vi.fn(),
    every: vi.fn((_ms: number, fn: () => void) => {
      tick = fn;
      return stop;
    }),
    keepaliveMs: 30_000,
    later: vi.fn((ms: number, fn: () => void) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    }),
    clientPresent: vi.fn(() => true),
    clientGraceMs: CLIENT_RETURN_GRACE_MS,
    ...patch,
  } satisfies RehearsalDeps;
  const controller = createRehearsalController(deps);
  const keepalive = async () => {
    tick?.();
    await vi.waitFor(() => expect(deps.keepalive).toHaveBeenCalled());
    await Promise.resolve();
    await Promise.resolve();
  };
  return { deps, controller, keepalive, stop };
}

describe('rehearsal controller', () => {
  it('joins: session state set, the audio client sent to the room with its slot, keepalives started', async () => {
    const { deps, controller } = setup();
    await controller.join();
    expect(deps.enter).toHaveBeenCalledWith(SESSION_ID, 'open', '2030-01-01T10:00:00.000Z');
    expect(deps.send).toHaveBeenCalledWith({
      action: 'connect',
      data: { ip: '127.0.0.1', port: 7001, player: 0, charge: sampleJoined().room.charge },
    });
    expect(deps.every).toHaveBeenCalledWith(30_000, expect.any(Function));
    expect(controller.getSnapshot()).toMatchObject({ phase: 'joined', remainingMinutes: 42 });
  });

  it('marks a private session as such in the session state', async () => {
    const joined = sampleJoined({ session: sampleSession({ public: false }) });
    const { deps, controller } = setup({ join: vi.fn(async () => joined) });
    await controller.join();
    expect(deps.enter).toHaveBeenCalledWith(SESSION_ID, 'private', expect.anything());
  });

  it('a refused join leaves everything as it was and hands the error over', async () => {
    const refusal = new ApiError(409, 'SESSION_NOT_STARTED', 'later', {}, { startsAt: '2031-01-01T00:00:00Z' });
    const { deps, controller } = setup({ join: vi.fn(async () => Promise.reject(refusal)) });
    await expect(controller.join()).rejects.toBe(refusal);
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.enter).not.toHaveBeenCalled();
    expect(controller.getSnapshot().phase).toBe('idle');
  });

  it('keeps the remaining minutes of each keepalive', async () => {
    const { controller, keepalive } = setup();
    await controller.join();
    await keepalive();
    expect(controller.getSnapshot().remainingMinutes).toBe(41);
  });

  it('402 NO_MINUTES_LEFT at keepalive: room disconnected, session state reset, minutes message', async () => {
    const { deps, controller, keepalive, stop } = setup({
      keepalive: vi.fn(async () => Promise.reject(new ApiError(402, 'NO_MINUTES_LEFT', 'used up'))),
    });
    await controller.join();
    vi.mocked(deps.send).mockClear();
    await keepalive();
    expect(deps.send).toHaveBeenCalledWith({ action: 'disconnect' });
    expect(deps.exit).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalled();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', end: 'minutes', joined: null });
    expect(deps.quit).not.toHaveBeenCalled();
  });

  it('409 NOT_IN_SESSION at keepalive: the same cleanup, "disconnected"', async () => {
    const { deps, controller, keepalive } = setup({
      keepalive: vi.fn(async () => Promise.reject(new ApiError(409, 'NOT_IN_SESSION', 'gone'))),
    });
    await controller.join();
    await keepalive();
    expect(deps.send).toHaveBeenLastCalledWith({ action: 'disconnect' });
    expect(controller.getSnapshot().end).toBe('disconnected');
  });

  it('a network failure at keepalive changes nothing: the next one tries again', async () => {
    const { deps, controller, keepalive } = setup({
      keepalive: vi.fn(async () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'offline'))),
    });
    await controller.join();
    await keepalive();
    expect(controller.getSnapshot().phase).toBe('joined');
    expect(deps.exit).not.toHaveBeenCalled();
  });

  it('Leave: quit on the server, room disconnected, state reset', async () => {
    const { deps, controller, stop } = setup();
    await controller.join();
    await controller.leave();
    expect(deps.quit).toHaveBeenCalledTimes(1);
    expect(deps.send).toHaveBeenLastCalledWith({ action: 'disconnect' });
    expect(deps.exit).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalled();
    expect(controller.getSnapshot().end).toBe('left');
  });

  it('leaving the page within the app quits with the authenticated call and keeps broker and bus', async () => {
    const { deps, controller } = setup();
    await controller.join();
    controller.dispose();
    expect(deps.quit).toHaveBeenCalledTimes(1);
    expect(deps.send).toHaveBeenLastCalledWith({ action: 'disconnect' });
    expect(deps.beacon).not.toHaveBeenCalled();
    expect(deps.closeBroker).not.toHaveBeenCalled();
    expect(deps.closeBus).not.toHaveBeenCalled();
  });

  it('closing the tab: disconnect, quit beacon with the leave token, broker and bus closed', async () => {
    const { deps, controller } = setup();
    await controller.join();
    controller.leavePage();
    expect(deps.send).toHaveBeenLastCalledWith({ action: 'disconnect' });
    expect(deps.beacon).toHaveBeenCalledWith('leave-token-1');
    expect(deps.quit).not.toHaveBeenCalled();
    expect(deps.exit).toHaveBeenCalled();
    expect(deps.closeBroker).toHaveBeenCalled();
    expect(deps.closeBus).toHaveBeenCalled();
    // The page is gone: the unmount that may follow sends nothing more.
    controller.dispose();
    expect(deps.quit).not.toHaveBeenCalled();
  });

  it('leaving the page while the join is under way gives the slot back and sends the client nowhere', async () => {
    let answer: (joined: JoinedSession) => void = () => undefined;
    const { deps, controller } = setup({
      join: vi.fn(() => new Promise<JoinedSession>((resolve) => (answer = resolve))),
    });
    const joining = controller.join();
    controller.dispose();
    answer(sampleJoined());
    await joining;
    expect(deps.quit).toHaveBeenCalledTimes(1);
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.enter).not.toHaveBeenCalled();
    expect(deps.every).not.toHaveBeenCalled();
  });

  it('a keepalive refused after the page was left does not disconnect or reset a second time', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    const { deps, controller } = setup({
      keepalive: vi.fn(() => new Promise<never>((_, reject) => (refuse = reject))),
    });
    await controller.join();
    const tick = vi.mocked(deps.every).mock.calls[0]![1];
    tick();
    controller.dispose();
    expect(deps.exit).toHaveBeenCalledTimes(1);
    // Meanwhile the musician may be in another room: this late answer must leave that one alone.
    refuse(new ApiError(402, 'NO_MINUTES_LEFT', 'used up'));
    await Promise.resolve();
    await Promise.resolve();
    expect(deps.exit).toHaveBeenCalledTimes(1);
    expect(vi.mocked(deps.send).mock.calls.filter(([c]) => c.action === 'disconnect')).toHaveLength(1);
  });

  it('a keepalive of a stay I left, refused after I joined again, leaves the new stay alone', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    const keepalive = vi
      .fn<RehearsalDeps['keepalive']>()
      .mockImplementationOnce(() => new Promise<never>((_, reject) => (refuse = reject)));
    const { deps, controller } = setup({ keepalive });
    await controller.join();
    vi.mocked(deps.every).mock.calls[0]![1]();
    await controller.leave();
    await controller.join();
    refuse(new ApiError(409, 'NOT_IN_SESSION', 'gone'));
    await Promise.resolve();
    await Promise.resolve();
    expect(controller.getSnapshot().phase).toBe('joined');
    expect(deps.exit).toHaveBeenCalledTimes(1);
  });

  it('closing the tab without having joined sends no quit', () => {
    const { deps, controller } = setup();
    controller.leavePage();
    expect(deps.beacon).not.toHaveBeenCalled();
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.closeBus).toHaveBeenCalled();
  });
});

describe('the page follows the audio client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const connect = { action: 'connect', data: { ip: '127.0.0.1', port: 7001, player: 0, charge: 'ticket-1' } };

  it('the client goes away: the reason is shown, the slot kept (keepalives go on), nothing quit', async () => {
    vi.useFakeTimers();
    const { deps, controller, stop } = setup();
    await controller.join();
    controller.clientAway('closed');
    expect(controller.getSnapshot()).toMatchObject({ phase: 'joined', away: 'closed' });
    expect(deps.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ away: 'closed' }));
    vi.advanceTimersByTime(CLIENT_RETURN_GRACE_MS - 1);
    expect(stop).not.toHaveBeenCalled();
    expect(deps.quit).not.toHaveBeenCalled();
    expect(deps.exit).not.toHaveBeenCalled();
  });

  it('its hello within the grace period: connect again to the same room and slot with the same ticket, once', async () => {
    vi.useFakeTimers();
    const joined = sampleJoined({ room: { ...sampleJoined().room, charge: 'ticket-1' } });
    const { deps, controller } = setup({ join: vi.fn(async () => joined) });
    await controller.join();
    vi.mocked(deps.send).mockClear();
    controller.clientAway('lost');
    controller.clientBack();
    controller.clientBack();
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.send).toHaveBeenCalledWith(connect);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'joined', away: null, returns: 1 });
    // The grace timer is cancelled: staying joined past it.
    vi.advanceTimersByTime(CLIENT_RETURN_GRACE_MS * 2);
    expect(deps.quit).not.toHaveBeenCalled();
    expect(controller.getSnapshot().phase).toBe('joined');
  });

  it('not back within the grace period: quit, slot freed, keepalives stopped, "clientGone"', async () => {
    vi.useFakeTimers();
    const { deps, controller, stop } = setup();
    await controller.join();
    controller.clientAway('closed');
    vi.advanceTimersByTime(CLIENT_RETURN_GRACE_MS);
    expect(deps.quit).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalled();
    expect(deps.exit).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', joined: null, away: null, end: 'clientGone' });
    // A hello after that sends the client nowhere: the page is out of the room.
    vi.mocked(deps.send).mockClear();
    controller.clientBack();
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('a second absence restarts the grace period from its own start', async () => {
    vi.useFakeTimers();
    const { deps, controller } = setup();
    await controller.join();
    controller.clientAway('closed');
    vi.advanceTimersByTime(CLIENT_RETURN_GRACE_MS - 1_000);
    controller.clientBack();
    controller.clientAway('lost');
    vi.advanceTimersByTime(CLIENT_RETURN_GRACE_MS - 1_000);
    expect(deps.quit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(deps.quit).toHaveBeenCalledTimes(1);
  });

  it('Leave while the client is away cancels the grace period: one quit only', async () => {
    vi.useFakeTimers();
    const { deps, controller } = setup();
    await controller.join();
    controller.clientAway('closed');
    await controller.leave();
    vi.advanceTimersByTime(CLIENT_RETURN_GRACE_MS * 2);
    expect(deps.quit).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({ end: 'left', away: null });
  });

  it('a client that went away during the join: joined, but away and waiting for it', async () => {
    vi.useFakeTimers();
    const { deps, controller } = setup({ clientPresent: vi.fn(() => false) });
    await controller.join();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'joined', away: 'lost' });
    controller.clientBack();
    expect(deps.send).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'connect' }));
  });

  it('tells a bye (closed) from a lost broker link (lost), and a hello (back)', () => {
    const online = { isConnected: true, link: 'online' } as const;
    expect(clientChange(online, { isConnected: false, link: 'online' })).toBe('closed');
    expect(clientChange(online, { isConnected: false, link: 'offline' })).toBe('lost');
    expect(clientChange({ isConnected: false, link: 'online' }, online)).toBe('back');
    expect(clientChange(online, { ...online })).toBeNull();
    expect(clientChange({ isConnected: false, link: 'offline' }, { isConnected: false, link: 'online' })).toBeNull();
  });

  it('absences outside a rehearsal change nothing', () => {
    const { deps, controller } = setup();
    controller.clientAway('closed');
    controller.clientBack();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', away: null });
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.later).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore, receive, sendCommand } from '../../../lib/nals/nals-store';
import { sampleConfig } from '../../../lib/nals/test-fixtures';
import { postRoomMetrics } from '../api/room-metrics';
import { ANA, BEN, player, ROOM_ID } from '../test-fixtures';
import { RehearsalManager } from './rehearsal-manager';

vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));
vi.mock('../api/room-metrics', () => ({ postRoomMetrics: vi.fn(async () => undefined) }));

const sent = () => vi.mocked(sendCommand).mock.calls.map(([c]) => c);

function renderManager() {
  return renderWithProviders(
    <RehearsalManager players={[player(ANA, 0), player(BEN, 1)]} mySlot={0} roomId={ROOM_ID} />,
  );
}

describe('RehearsalManager', () => {
  beforeEach(() => {
    nalsStore.setState(
      { ...initialNalsState, isConnected: true, version: '0.12.0', currentConfig: sampleConfig({ reverbValue: 0.3 }) },
      true,
    );
    vi.mocked(sendCommand).mockClear();
  });
  afterEach(() => nalsStore.setState(initialNalsState, true));

  it('shows one row per slot, mine marked', () => {
    renderManager();
    expect(screen.getAllByRole('listitem').filter((li) => li.dataset.slot !== undefined)).toHaveLength(2);
    expect(screen.getByText('(me)')).toBeInTheDocument();
  });

  it('sends set_slot_mute and set_slot_solo for the slot toggled', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('button', { name: 'Mute Ben' }));
    await userEvent.click(screen.getByRole('button', { name: 'Solo Ana' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mute Ben' }));
    expect(sent()).toEqual([
      { action: 'set_slot_mute', data: { slot: 1, muted: true } },
      { action: 'set_slot_solo', data: { slot: 0, solo: true } },
      { action: 'set_slot_mute', data: { slot: 1, muted: false } },
    ]);
    // M and S are toggles that say their state.
    expect(screen.getByRole('button', { name: 'Mute Ben' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Solo Ana' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows each fader and pan value, and says it to assistive technologies', () => {
    renderManager();
    const direction = screen.getByRole('slider', { name: 'Pan of Ben' });
    expect(direction).toHaveAttribute('aria-valuetext', 'Centre');
    fireEvent.keyDown(direction, { key: 'ArrowRight' });
    fireEvent.keyDown(direction, { key: 'ArrowRight' });
    expect(screen.getByRole('slider', { name: 'Pan of Ben' })).toHaveAttribute('aria-valuetext', '10% right');
    const volume = screen.getByRole('slider', { name: 'Volume of Ben' });
    fireEvent.keyDown(volume, { key: 'ArrowLeft' });
    expect(screen.getByRole('slider', { name: 'Volume of Ben' })).toHaveAttribute('aria-valuetext', '99%');
    const row = screen.getAllByRole('listitem').find((li) => li.dataset.slot === '1')!;
    expect(within(row).getAllByText('10% right')[0]).toBeVisible();
    expect(within(row).getAllByText('99%')[0]).toBeVisible();
  });

  it('sends set_slot_volume and set_direction in the client units (0..1, -1..1)', () => {
    renderManager();
    const volume = screen.getByRole('slider', { name: 'Volume of Ben' });
    fireEvent.keyDown(volume, { key: 'ArrowLeft', nativeEvent: { code: 'ArrowLeft' } });
    const direction = screen.getByRole('slider', { name: 'Pan of Ben' });
    fireEvent.keyDown(direction, { key: 'ArrowRight' });
    expect(sent()).toEqual([
      { action: 'set_slot_volume', data: { slot: 1, volume: 0.99 } },
      { action: 'set_direction', data: { slot: 1, direction: 0.05 } },
    ]);
  });

  it('sends set_reverb with the side and the value', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('radio', { name: 'The room' }));
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Reverb amount' }), { key: 'ArrowRight' });
    expect(sent()).toEqual([
      { action: 'set_reverb', data: { side: 'room', value: 0.3 } },
      { action: 'set_reverb', data: { side: 'room', value: 0.31 } },
    ]);
  });

  it('records to a file, shows the elapsed time, and says where it was saved', async () => {
    renderManager();
    await userEvent.click(screen.getByRole('button', { name: 'Record to a file' }));
    expect(sent()).toEqual([{ action: 'start_record_to_file', data: { maxSeconds: 600 } }]);
    const startedAt = new Date(Date.now() - 192_000).toISOString();
    act(() =>
      receive(JSON.stringify({ signal: 'recording', data: { name: 'take-1.wav', startedAt, maxSeconds: 600 } })),
    );
    // The clock is a timer (not announced every second); the start is said once in the polite region.
    expect(screen.getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('03:12');
    expect(screen.getByText('at most 10 min')).toBeInTheDocument();
    const notice = screen.getByTestId('recording-notice');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Recording to a file…');

    await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(sent()).toContainEqual({ action: 'stop_record' });
    act(() => receive(JSON.stringify({ signal: 'not_recording', data: { name: 'take-1.wav' } })));
    expect(screen.getByRole('button', { name: 'Record to a file' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    const human = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(startedAt));
    expect(notice).toHaveTextContent(`Saved as ${human}`);
  });

  it('ticks the elapsed time every second', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T10:00:00Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    nalsStore.setState({ recording: { name: 'a.wav', startedAt: '2026-03-01T09:59:59.000Z', maxSeconds: 600 } });
    renderManager();
    const timer = screen.getByRole('timer', { name: 'Elapsed time' });
    expect(timer).toHaveTextContent('00:01');
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('00:02');
    act(() => vi.advanceTimersByTime(59_000));
    expect(timer).toHaveTextContent('01:01');
    vi.useRealTimers();
  });

  it('says where it was saved in French', () => {
    nalsStore.setState({ recording: { name: 'a.wav', startedAt: '2025-11-21T12:05:00.000Z', maxSeconds: 600 } });
    renderWithProviders(<RehearsalManager players={[player(ANA, 0), player(BEN, 1)]} mySlot={0} roomId={ROOM_ID} />, {
      locale: 'fr',
    });
    expect(screen.getByRole('timer', { name: 'Temps écoulé' })).toBeInTheDocument();
    act(() => receive(JSON.stringify({ signal: 'not_recording', data: { name: 'a.wav' } })));
    expect(screen.getByTestId('recording-notice')).toHaveTextContent(
      /^Enregistré sous vendredi 21 novembre 2025 à \d\d:05$/,
    );
  });

  it('reports the room quality each time 30 new pings filled the window, and shows the figures', () => {
    renderManager();
    const ping = (rttMs: number) => act(() => receive(JSON.stringify({ signal: 'ping', data: { rttMs } })));
    for (let i = 1; i <= 29; i++) ping(i);
    expect(postRoomMetrics).not.toHaveBeenCalled();
    ping(30);
    expect(postRoomMetrics).toHaveBeenCalledTimes(1);
    expect(postRoomMetrics).toHaveBeenCalledWith(ROOM_ID, {
      minPingInMs: 1,
      maxPingInMs: 30,
      averagePingInMs: 15.5,
      sigmaPingInMs: expect.closeTo(8.655, 3),
    });
    expect(screen.getByTestId('room-quality-figures')).toHaveTextContent('min 1 ms');
    expect(screen.getByRole('img', { name: 'Round trips of the last 30 pings, in milliseconds' })).toBeInTheDocument();
    for (let i = 0; i < 30; i++) ping(10);
    expect(postRoomMetrics).toHaveBeenCalledTimes(2);
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentConfig, Effects } from '@tutti/contract/nals';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState, type NalsState } from '../../../lib/nals/nals-state';
import { nalsStore, sendCommand } from '../../../lib/nals/nals-store';
import { sampleConfig, sampleEffects } from '../../../lib/nals/test-fixtures';
import { ConfigDialogBody } from './config-dialog';

vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

const config: CurrentConfig = sampleConfig({ soundCard: 'usb' });
const effects: Effects = sampleEffects({
  amp: { stack: 1 },
  chorus: {
    bounds: {
      pitchInSec: { min: 0, max: 0.05 },
      voices: { min: 1, max: 8 },
      rateInHz: { min: 0.1, max: 10 },
      depth: { min: 0, max: 1 },
      width: { min: 0, max: 1 },
      mixer: { min: 0, max: 1 },
    },
  },
});

function connect(version: string, patch: Partial<NalsState> = {}) {
  nalsStore.setState(
    {
      ...initialNalsState,
      isConnected: true,
      name: 'NALS',
      version,
      hostname: 'studio',
      currentConfig: config,
      soundcardList: [
        { id: 'builtin', name: 'Built-in', inputs: 2, outputs: 2 },
        { id: 'usb', name: 'USB 2i2', inputs: 2, outputs: 2 },
      ],
      effects,
      ...patch,
    },
    true,
  );
}

describe('ConfigDialogBody', () => {
  beforeEach(() => vi.mocked(sendCommand).mockClear());
  afterEach(() => nalsStore.setState(initialNalsState, true));

  it('shows what the client reports and sends each change', async () => {
    connect('0.11.0');
    renderWithProviders(<ConfigDialogBody />);
    // Opening the dialog asks for the recordings (recordings-section.test.tsx); only the changes below count here.
    expect(sendCommand).toHaveBeenCalledWith({ action: 'list' });
    vi.mocked(sendCommand).mockClear();
    const ui = userEvent.setup();
    expect(screen.getByLabelText('Sound card')).toHaveValue('usb');
    expect(screen.getByLabelText('Channel mode')).toHaveValue('0');
    expect(screen.getByLabelText('Quality')).toHaveValue('1');
    expect(screen.getByLabelText('Buffer size')).toHaveValue('256');
    expect(screen.getByLabelText('Preferred frame size')).toHaveValue('128');
    expect(screen.getByRole('switch', { name: 'Automatic jitter' })).toBeChecked();
    expect(screen.getByLabelText('Local jitter')).toHaveValue(4);
    // Automatic jitter on: the manual values are shown, not editable, and the page says why.
    expect(screen.getByLabelText('Local jitter')).toBeDisabled();
    expect(screen.getByLabelText('Server jitter')).toBeDisabled();
    expect(screen.getByText(/Automatic jitter is on: the audio client sets these values itself/)).toBeInTheDocument();
    // Each buffer size with its latency at 48 kHz.
    expect(
      Array.from(screen.getByLabelText<HTMLSelectElement>('Buffer size').options).map((o) => o.textContent),
    ).toContain('256 frames · 5.3\u00a0ms');
    expect(screen.getByLabelText('Reverb side')).toHaveValue('local');
    expect(screen.getByRole('slider', { name: 'Reverb level' })).toHaveAttribute('aria-valuenow', '30');

    await ui.selectOptions(screen.getByLabelText('Sound card'), 'builtin');
    await ui.selectOptions(screen.getByLabelText('Channel mode'), 'Mono in, stereo out');
    await ui.selectOptions(screen.getByLabelText('Quality'), 'High');
    await ui.selectOptions(screen.getByLabelText('Buffer size'), '64');
    await ui.selectOptions(screen.getByLabelText('Preferred frame size'), '512 frames');
    await ui.click(screen.getByRole('switch', { name: 'Automatic jitter' }));
    await ui.selectOptions(screen.getByLabelText('Reverb side'), 'Room');
    await ui.click(screen.getByRole('button', { name: 'Open driver settings' }));
    expect(vi.mocked(sendCommand).mock.calls.map(([c]) => c)).toEqual([
      { action: 'set_sound_card', data: { id: 'builtin' } },
      { action: 'set_audio_channel', data: { channel: 2 } },
      { action: 'set_audio_quality', data: { quality: 2 } },
      { action: 'set_buffer', data: { size: 64 } },
      { action: 'set_pref_audio_frame_size', data: { size: 512 } },
      { action: 'toggle_auto_jitter', data: { enabled: false } },
      { action: 'set_reverb', data: { side: 'room', value: 0.3 } },
      { action: 'open_driver_config' },
    ]);
  });

  it('moves the reverb one step per key press even when the client echoes an earlier press in between', () => {
    connect('0.11.0');
    renderWithProviders(<ConfigDialogBody />);
    vi.mocked(sendCommand).mockClear();
    const slider = screen.getByRole('slider', { name: 'Reverb level' });
    const echo = (value: number) => act(() => nalsStore.setState({ currentConfig: { ...config, reverbValue: value } }));
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    echo(0.31);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    echo(0.32);
    echo(0.33);
    expect(slider).toHaveAttribute('aria-valuenow', '33');
    expect(vi.mocked(sendCommand).mock.calls.map(([c]) => c)).toEqual(
      [0.31, 0.32, 0.33].map((value) => ({ action: 'set_reverb', data: { side: 'local', value } })),
    );
  });

  it('clamps typed values to the bounds and shows the clamped value', async () => {
    connect('0.11.0', { currentConfig: { ...config, jitterToggle: false } });
    renderWithProviders(<ConfigDialogBody />);
    const local = screen.getByLabelText('Local jitter');
    expect(local).toBeEnabled();
    fireEvent.change(local, { target: { value: '90' } });
    fireEvent.keyDown(local, { key: 'Enter' });
    expect(sendCommand).toHaveBeenLastCalledWith({ action: 'set_jitter', data: { local: 64, server: 6 } });
    expect(local).toHaveValue(64);
    // Said, not silent; typing again clears the note.
    expect(screen.getByText('Set to 64, the most your audio client allows.')).toBeInTheDocument();

    // The client's report wins once it arrives.
    act(() =>
      nalsStore.setState({ currentConfig: { ...config, jitterToggle: false, jitterConfig: { local: 64, server: 6 } } }),
    );
    expect(local).toHaveValue(64);
    fireEvent.change(local, { target: { value: '12' } });
    expect(screen.queryByText('Set to 64, the most your audio client allows.')).not.toBeInTheDocument();
  });

  it('sends the amp model as a clamped stack index, and the effect switches', async () => {
    connect('0.11.0');
    renderWithProviders(<ConfigDialogBody />);
    vi.mocked(sendCommand).mockClear();
    const ui = userEvent.setup();
    expect(screen.getByLabelText('Amp model')).toHaveValue('1');
    await ui.selectOptions(screen.getByLabelText('Amp model'), 'Clean');
    await ui.click(screen.getByRole('switch', { name: 'Insane' }));
    await ui.click(screen.getByRole('switch', { name: 'Chorus on delay' }));
    expect(vi.mocked(sendCommand).mock.calls.map(([c]) => c)).toEqual([
      { action: 'native_effects', data: { amp: { stack: 0 } } },
      { action: 'native_effects', data: { amp: { insane: true } } },
      { action: 'native_effects', data: { delay: { chorus: true } } },
    ]);
    for (const label of ['Bass', 'Middle', 'Treble', 'Drive', 'Gain', 'Delay time', 'Feedback', 'Delay mix']) {
      expect(screen.getByRole('slider', { name: label })).toBeInTheDocument();
    }
    for (const label of ['Pitch', 'Voices', 'Rate', 'Depth', 'Width', 'Chorus mix']) {
      expect(screen.getByRole('slider', { name: label })).toBeInTheDocument();
    }
  });

  it('hides the effects below 0.10.0, the chorus below 0.10.2 and the frame size below 0.11.0', () => {
    connect('0.9.0');
    const { unmount } = renderWithProviders(<ConfigDialogBody />);
    expect(screen.queryByRole('slider', { name: 'Drive' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amp model')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Preferred frame size')).not.toBeInTheDocument();
    expect(screen.getByText(/Effects need audio client 0.10.0/)).toBeInTheDocument();
    unmount();

    connect('0.10.1');
    renderWithProviders(<ConfigDialogBody />);
    expect(screen.getByRole('slider', { name: 'Drive' })).toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Pitch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Chorus mix' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset the chorus' })).not.toBeInTheDocument();
  });

  it('says so when the client is not connected, and shows a driver error', () => {
    renderWithProviders(<ConfigDialogBody />);
    expect(screen.getByRole('status')).toHaveTextContent(/not connected/);
    expect(screen.queryByRole('heading', { name: 'Recordings' })).not.toBeInTheDocument();
    expect(sendCommand).not.toHaveBeenCalled();
    act(() => connect('0.11.0', { hasAudioDriverError: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('The audio driver failed to start');
    expect(screen.getByRole('heading', { name: 'Recordings' })).toBeInTheDocument();
  });
});

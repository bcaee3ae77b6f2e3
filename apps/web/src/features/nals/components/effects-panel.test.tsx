import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Effects } from '@tutti/contract/nals';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore, sendCommand } from '../../../lib/nals/nals-store';
import { sampleEffects } from '../../../lib/nals/test-fixtures';
import { EffectsPanel } from './effects-panel';

vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

const effects: Effects = sampleEffects({
  amp: { bass: 5.5, gain: -6 },
  chorus: {
    pitchInSec: 0.0025,
    voices: 3,
    rateInHz: 1.5,
    depth: 0.57,
    bounds: {
      pitchInSec: { min: 0.001, max: 0.05 },
      voices: { min: 1, max: 8 },
      rateInHz: { min: 0.1, max: 10 },
      depth: { min: 0, max: 1 },
      width: { min: 0, max: 1 },
      mixer: { min: 0, max: 1 },
    },
  },
});
// The sample's gain goes from 0 to 10; a client's goes from -12 to 12 dB.
effects.amp.bounds.gain = { min: -12, max: 12 };

function connect(value: Effects = effects) {
  nalsStore.setState({ ...initialNalsState, isConnected: true, version: '0.11.0', effects: value }, true);
}

const slider = (name: string) => screen.getByRole('slider', { name });
/** Text queries compare with the page's text whitespace collapsed (a no-break space becomes a space). */
const shown = (text: string) => text.replace(/\u00a0/g, ' ');
const commands = () => vi.mocked(sendCommand).mock.calls.map(([c]) => c);

describe('EffectsPanel', () => {
  beforeEach(() => vi.mocked(sendCommand).mockClear());
  afterEach(() => nalsStore.setState(initialNalsState, true));

  it('shows every value with its unit, as the slider’s value text and next to its name', () => {
    connect();
    renderWithProviders(<EffectsPanel />);
    const expected: [string, string][] = [
      ['Bass', '5.5'],
      ['Drive', '10'],
      ['Gain', '-6\u00a0dB'],
      ['Delay time', '300\u00a0ms'],
      ['Feedback', '20%'],
      ['Delay mix', '50%'],
      ['Pitch', '2.5\u00a0ms'],
      ['Voices', '3\u00a0voices'],
      ['Rate', '1.5\u00a0Hz'],
      ['Depth', '57%'],
    ];
    for (const [name, text] of expected) {
      expect(slider(name), name).toHaveAttribute('aria-valuetext', text);
      expect(screen.getAllByText(shown(text)).length, name).toBeGreaterThan(0);
    }
    // The ends are the client's bounds, on the screen's scale.
    expect(slider('Delay time')).toHaveAttribute('aria-valuemin', '0');
    expect(slider('Delay time')).toHaveAttribute('aria-valuemax', '2000');
    expect(slider('Pitch')).toHaveAttribute('aria-valuemin', '1');
    expect(slider('Gain')).toHaveAttribute('aria-valuemin', '-12');
  });

  it('writes French figures with a decimal comma and French units', () => {
    connect({ ...effects, amp: { ...effects.amp, gain: 3 } });
    renderWithProviders(<EffectsPanel />, { locale: 'fr' });
    expect(slider('Graves')).toHaveAttribute('aria-valuetext', '5,5');
    expect(slider('Gain')).toHaveAttribute('aria-valuetext', '+3\u00a0dB');
    expect(slider('Hauteur')).toHaveAttribute('aria-valuetext', '2,5\u00a0ms');
    expect(slider('Vitesse')).toHaveAttribute('aria-valuetext', '1,5\u00a0Hz');
    expect(slider('Réinjection')).toHaveAttribute('aria-valuetext', '20\u00a0%');
    expect(slider('Voix')).toHaveAttribute('aria-valuetext', '3\u00a0voix');
    expect(screen.getByText(shown('1,5\u00a0Hz'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réinitialiser l’écho' })).toHaveTextContent('Réinitialiser');
  });

  it('sends a value on the client’s scale when the thumb is let go: one arrow press, one step', () => {
    connect();
    renderWithProviders(<EffectsPanel />);
    const time = slider('Delay time');
    fireEvent.keyDown(time, { key: 'ArrowRight' });
    expect(time).toHaveAttribute('aria-valuetext', '310\u00a0ms');
    fireEvent.keyDown(slider('Feedback'), { key: 'ArrowLeft' });
    fireEvent.keyDown(slider('Pitch'), { key: 'ArrowRight' });
    fireEvent.keyDown(slider('Gain'), { key: 'End' });
    expect(commands()).toEqual([
      { action: 'native_effects', data: { delay: { timeInSec: 0.31 } } },
      { action: 'native_effects', data: { delay: { feedback: 0.19 } } },
      { action: 'native_effects', data: { chorus: { pitchInSec: 0.0026 } } },
      { action: 'native_effects', data: { amp: { gain: 12 } } },
    ]);
    // The client's echo takes over.
    act(() => nalsStore.setState({ effects: { ...effects, delay: { ...effects.delay, timeInSec: 0.31 } } }));
    expect(time).toHaveAttribute('aria-valuetext', '310\u00a0ms');
  });

  it('resets each effect to the defaults, clamped to the client’s bounds, in one command', async () => {
    connect();
    renderWithProviders(<EffectsPanel />);
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Reset the delay' }));
    await ui.click(screen.getByRole('button', { name: 'Reset the amplifier' }));
    await ui.click(screen.getByRole('button', { name: 'Reset the chorus' }));
    expect(commands()).toEqual([
      { action: 'native_effects', data: { delay: { timeInSec: 0.3, feedback: 0.3, mixer: 0.25 } } },
      { action: 'native_effects', data: { amp: { bass: 5, middle: 5, treble: 5, drive: 10, gain: 0 } } },
      {
        action: 'native_effects',
        data: { chorus: { pitchInSec: 0.01, voices: 3, rateInHz: 1.5, depth: 0.5, width: 0.5, mixer: 0.3 } },
      },
    ]);
  });
});

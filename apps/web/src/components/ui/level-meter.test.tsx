import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { inputLevel, slotLevel } from '../../lib/nals/level-selectors';
import { initialNalsState } from '../../lib/nals/nals-state';
import { nalsStore } from '../../lib/nals/nals-store';
import { LevelMeter } from './level-meter';

const levels = (input: number, slots: Record<string, number>) =>
  act(() => nalsStore.setState({ levels: { input, output: 0.5, slots } }));

describe('LevelMeter', () => {
  afterEach(() => nalsStore.setState(initialNalsState, true));

  it('follows audio_levels, says the level in dB, and goes silent when the levels stop', async () => {
    renderWithProviders(
      <>
        <LevelMeter label="Input level" select={inputLevel} />
        <LevelMeter label="Level of Ben" select={slotLevel(1)} />
      </>,
    );
    const input = screen.getByRole('meter', { name: 'Input level' });
    const ben = screen.getByRole('meter', { name: 'Level of Ben' });
    expect(input).toHaveAttribute('aria-valuetext', 'Silence');

    levels(0.25, { '1': 1 });
    await waitFor(() => expect(input).toHaveAttribute('aria-valuenow', '25'));
    expect(input).toHaveAttribute('aria-valuetext', '-12 dB');
    // Full scale: the clip mark lights and is said.
    await waitFor(() => expect(ben).toHaveAttribute('aria-valuetext', '0 dB, Clipping'));

    // The client left the room (dis): no levels, every meter silent at once.
    act(() => nalsStore.setState({ levels: null }));
    await waitFor(() => expect(input).toHaveAttribute('data-level', '0'));
    expect(ben).toHaveAttribute('aria-valuetext', 'Silence');
  });
});

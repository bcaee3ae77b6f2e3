import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { STORAGE_KEYS } from '../../../lib/storage';
import { chimePreference, setChimeOn } from '../chime';
import { ChimeSwitch } from './chime-switch';

describe('ChimeSwitch', () => {
  afterEach(() => setChimeOn(true));

  it('is on by default, and turning it off is remembered', async () => {
    renderWithProviders(<ChimeSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Sound on join and leave' });
    expect(toggle).toBeChecked();
    expect(screen.getByText('A soft chime when another musician joins or leaves the room.')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(chimePreference.getState().on).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.joinLeaveSound)).toBe('0');
  });

  it('speaks French', () => {
    renderWithProviders(<ChimeSwitch />, { locale: 'fr' });
    expect(screen.getByRole('switch', { name: 'Son à l’arrivée et au départ' })).toBeChecked();
  });
});

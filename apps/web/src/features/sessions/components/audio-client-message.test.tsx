import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore } from '../../../lib/nals/nals-store';
import { AudioClientMessage } from './audio-client-message';

const say = (from: string, text: string, timestamp: number) =>
  act(() => nalsStore.setState((s) => ({ ...s, chat: [...s.chat, { from, text, timestamp }] })));

describe('AudioClientMessage', () => {
  afterEach(() => nalsStore.setState(initialNalsState, true));

  it('shows the latest private_chat_message as plain text until dismissed, in both languages', async () => {
    renderWithProviders(<AudioClientMessage />);
    expect(screen.queryByTestId('audio-client-message')).toBeNull();
    say('Studio B', '<b>Soundcheck</b> at 8', 1);
    expect(screen.getByText('From Studio B: <b>Soundcheck</b> at 8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the message' }));
    expect(screen.queryByTestId('audio-client-message')).toBeNull();
    say('Studio B', 'Doors open', 2);
    expect(screen.getByText('From Studio B: Doors open')).toBeInTheDocument();
  });

  it('speaks French', () => {
    renderWithProviders(<AudioClientMessage />, { locale: 'fr' });
    say('Régie', 'Balance à 20 h', 3);
    expect(screen.getByText('De Régie : Balance à 20 h')).toBeInTheDocument();
    expect(screen.getByText('Message du client audio')).toBeInTheDocument();
  });
});

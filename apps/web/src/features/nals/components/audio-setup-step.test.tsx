import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore } from '../../../lib/nals/nals-store';
import { setCurrentUser } from '../../../lib/session';
import { AudioSetupStep } from './audio-setup-step';

const newcomer = { id: 'acc-1', nalsToken: 'tok_new', locale: 'en', audioClientSeen: false } as CurrentUser;

describe('AudioSetupStep', () => {
  afterEach(() => {
    setCurrentUser(null);
    nalsStore.setState(initialNalsState, true);
  });

  it('leads a musician whose audio client never connected to the download, with the token to copy', async () => {
    setCurrentUser(newcomer);
    renderWithProviders(<AudioSetupStep />);
    expect(screen.getByRole('heading', { name: 'Set up your audio client' })).toBeInTheDocument();
    expect(screen.getByText('tok_new')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the audio client' })).toHaveAttribute('href', '/download');
    await userEvent.click(screen.getByRole('button', { name: 'Copy the token' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The client connects: the step is done.
    act(() => nalsStore.setState({ isConnected: true }));
    expect(screen.queryByRole('heading', { name: 'Set up your audio client' })).not.toBeInTheDocument();
  });

  it('is not shown once an audio client has connected on any device', () => {
    setCurrentUser({ ...newcomer, audioClientSeen: true });
    renderWithProviders(<AudioSetupStep />);
    expect(screen.queryByRole('heading', { name: 'Set up your audio client' })).not.toBeInTheDocument();
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../../test/render';
import { ToastHost } from '../../../components/ui/toast-host';
import { nalsStore, sendCommand } from '../../../lib/nals/nals-store';
import { setCurrentUser } from '../../../lib/session';
import { setUpRehearsalPageTests } from '../rehearsal-page-tests';
import { BEN, json, player, sampleJoined, sampleSession, SESSION_ID, userOf } from '../test-fixtures';
import { OpenRehearsalPage } from './open-rehearsal-page';

vi.mock('../../../lib/use-bus', async () => (await import('../bus-mock')).busMock);
vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  sendCommand: vi.fn(() => true),
}));

async function joined() {
  const answer = sampleJoined({ session: sampleSession({ players: [player(BEN, 1)] }), slot: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.includes('/join')) return Promise.resolve(json(200, answer));
      if (url.includes('/details')) return Promise.resolve(json(200, answer.session));
      if (url.includes('/quit') || url.includes('/keepalive'))
        return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
    }),
  );
  setCurrentUser(userOf(BEN));
  renderWithProviders(
    <>
      <Routes location={`/studio/open-rehearsal/${SESSION_ID}`}>
        <Route path="/studio/open-rehearsal/:sessionId" element={<OpenRehearsalPage />} />
      </Routes>
      <ToastHost />
    </>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Join the rehearsal' }));
  expect(await screen.findByRole('heading', { name: 'Rehearsal manager' })).toBeInTheDocument();
  return answer;
}

describe('the rehearsal page follows the audio client', () => {
  setUpRehearsalPageTests();

  it('bye: the loss over a disabled mixer; hello: connect again by itself and "Sound is back"', async () => {
    act(() => nalsStore.setState({ link: 'online' }));
    const answer = await joined();
    act(() => nalsStore.setState({ isConnected: false }));

    expect(screen.getByRole('alert')).toHaveTextContent('The sound has stopped: your audio client was closed.');
    expect(screen.getByRole('button', { name: 'Start the audio client' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume of Ben' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Mute Ben' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Record to a file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Leave the rehearsal' })).toBeEnabled();

    vi.mocked(sendCommand).mockClear();
    act(() => nalsStore.setState({ isConnected: true }));
    const { room } = answer;
    expect(vi.mocked(sendCommand)).toHaveBeenCalledWith({
      action: 'connect',
      data: { ip: room.ip, port: room.port, player: 1, charge: room.charge },
    });
    expect(await screen.findByText('Sound is back: your audio client is in the room again.')).toBeInTheDocument();
    expect(screen.queryByText(/The sound has stopped/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute Ben' })).toBeEnabled();
  });

  it('a lost broker link is told apart from a closed client', async () => {
    act(() => nalsStore.setState({ link: 'online' }));
    await joined();
    act(() => nalsStore.setState({ isConnected: false, link: 'offline' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The sound has stopped: the connection to your audio client was lost.',
    );
  });
});

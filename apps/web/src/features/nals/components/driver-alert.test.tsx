import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { AUDIO_DRIVER_NOT_STARTED, initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore, receive } from '../../../lib/nals/nals-store';
import { openConfigDialog } from './dialogs';
import { DriverAlert } from './driver-alert';

vi.mock('./dialogs', () => ({ openConfigDialog: vi.fn() }));

const hello = JSON.stringify({
  signal: 'hello',
  data: { name: 'NALS', host: 'h', hostname: 'studio', version: '0.11.0' },
});
const driverError = JSON.stringify({ signal: 'error', data: { code: AUDIO_DRIVER_NOT_STARTED, message: 'no driver' } });

describe('DriverAlert', () => {
  afterEach(() => nalsStore.setState(initialNalsState, true));

  it('says what to check while the client reports a driver failure, and leads to the audio configuration', async () => {
    renderWithProviders(<DriverAlert />);
    act(() => receive(hello));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => receive(driverError));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The audio driver failed to start');
    expect(alert).toHaveTextContent('the sound card is connected and switched on');
    expect(alert).toHaveTextContent('no other program is using it');
    expect(alert).toHaveTextContent('choose another sound card in the audio configuration');
    await userEvent.click(screen.getByRole('button', { name: 'Open the audio configuration' }));
    expect(openConfigDialog).toHaveBeenCalled();

    // The client stopped (bye): nothing of its failure is left on screen.
    act(() => receive(JSON.stringify({ signal: 'bye' })));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { closeModal, ModalHost } from '../../../components/ui/modal-host';
import { i18n } from '../../../lib/i18n';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore } from '../../../lib/nals/nals-store';
import { NALS_NS } from '../translations';
import { openLogsDialog } from './dialogs';
import { LogsDialogBody } from './logs-dialog';

describe('LogsDialogBody', () => {
  afterEach(() => nalsStore.setState(initialNalsState, true));

  it('says "No NALS error" when the log is empty', () => {
    renderWithProviders(<LogsDialogBody />);
    expect(screen.getByText('No NALS error')).toBeInTheDocument();
  });

  it('lists the messages newest first, known codes in words, in French too', () => {
    nalsStore.setState({
      messages: [
        { timestamp: Date.UTC(2025, 0, 1, 10, 0, 0), code: 'AUDIO_DRIVER_NOT_STARTED', isError: true },
        { timestamp: Date.UTC(2025, 0, 1, 10, 0, 5), code: 'CUSTOM_STATUS', isError: false, message: 'Engine ready' },
      ],
    });
    const { unmount } = renderWithProviders(<LogsDialogBody />);
    const rows = within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Engine ready');
    expect(rows[0]).toHaveTextContent('Information');
    expect(rows[1]).toHaveTextContent('The audio driver failed to start.');
    expect(rows[1]).toHaveTextContent('AUDIO_DRIVER_NOT_STARTED');
    unmount();

    renderWithProviders(<LogsDialogBody />, { locale: 'fr' });
    expect(screen.getByText('Le pilote audio n’a pas pu démarrer.')).toBeInTheDocument();
    act(() => nalsStore.setState({ messages: [] }));
    expect(screen.getByText('Aucune erreur NALS')).toBeInTheDocument();
  });

  it('opens in a bright modal: the log is a document to read', async () => {
    renderWithProviders(<ModalHost />);
    act(() => openLogsDialog(i18n.getFixedT('en', NALS_NS)));
    const dialog = await screen.findByRole('dialog', { name: 'Audio client logs' });
    expect(dialog).toHaveAttribute('data-bright', 'true');
    expect(await within(dialog).findByText('No NALS error')).toBeInTheDocument();
    cleanup();
    closeModal();
  });
});

import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ModalHost, closeModal, openAppModal } from './modal-host';

// The host with Mantine's real Modal: SPEC section 2, "some are bright". (Its closing rules: modal-closing.test.tsx.)
afterEach(() => {
  // The store outlives a test: the host goes first, then whatever modal is still open.
  cleanup();
  closeModal();
});

async function open(title: string, bright?: boolean) {
  act(() => {
    openAppModal({ title, bright, children: <p>Body of {title}</p> });
  });
  return screen.findByRole('dialog', { name: title });
}

describe('a bright modal', () => {
  it('is marked data-bright on its dialog; any other modal is not', async () => {
    renderWithProviders(<ModalHost />);
    const video = await open('Video', true);
    expect(video).toHaveAttribute('data-bright', 'true');
    expect(video).toHaveTextContent('Body of Video');

    const settings = await open('Settings');
    expect(settings).not.toHaveAttribute('data-bright');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('closes like any other, its × named in French too', async () => {
    renderWithProviders(<ModalHost />, { locale: 'fr' });
    expect(await open('Tutoriel', true)).toHaveAttribute('data-bright', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

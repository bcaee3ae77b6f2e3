import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ModalHost, openAppModal } from './modal-host';

/** Opens a modal in a mounted host; resolves once it shows. */
async function open(locale: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  renderWithProviders(<ModalHost />, { locale });
  act(() => {
    openAppModal({ title: 'Tutorial', children: <p>The first steps</p>, onClose });
  });
  return { dialog: await screen.findByRole('dialog', { name: 'Tutorial' }), onClose };
}

const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('ModalView (SPEC section 2: a modal closes with ×, Escape or a click on the overlay)', () => {
  it('closes with its × button, named for assistive technologies', async () => {
    const { onClose } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await closed();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes with Escape', async () => {
    const { onClose } = await open();
    await userEvent.keyboard('{Escape}');
    await closed();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes with a click on the overlay, not with one inside', async () => {
    const { dialog, onClose } = await open();
    await userEvent.click(screen.getByText('The first steps'));
    expect(dialog).toBeInTheDocument();
    const overlay = document.querySelector<HTMLElement>('.mantine-Modal-overlay')!;
    await userEvent.click(overlay);
    await closed();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('names its × in French too', async () => {
    await open('fr');
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModalHost, closeModal, modalWidth, openAppModal } from './modal-host';

vi.mock('./modal-view', () => ({
  // The host's bookkeeping is under test here, not Mantine's Modal.
  ModalView: ({ entry }: { entry: { title: string; opened: boolean; width: number; bright: boolean } }) =>
    entry.opened ? (
      <div role="dialog" aria-label={entry.title} data-width={entry.width} data-bright={String(entry.bright)} />
    ) : null,
}));

describe('modalWidth', () => {
  it('maps the three named sizes', () => {
    expect(modalWidth('tiny')).toBe(320);
    expect(modalWidth('small')).toBe(440);
    expect(modalWidth('large')).toBe(880);
  });

  it('makes any other size medium', () => {
    expect(modalWidth('medium')).toBe(600);
    expect(modalWidth('huge')).toBe(600);
    expect(modalWidth('')).toBe(600);
    expect(modalWidth(undefined)).toBe(600);
  });
});

describe('ModalHost', () => {
  it('keeps one modal open at a time', async () => {
    render(<ModalHost />);
    const firstClosed = vi.fn();
    act(() => {
      openAppModal({ title: 'First', children: null, size: 'tiny', onClose: firstClosed });
    });
    expect(await screen.findByRole('dialog', { name: 'First' })).toHaveAttribute('data-width', '320');

    act(() => {
      openAppModal({ title: 'Second', children: null, size: 'large' });
    });
    expect(await screen.findByRole('dialog', { name: 'Second' })).toHaveAttribute('data-width', '880');
    expect(screen.queryByRole('dialog', { name: 'First' })).not.toBeInTheDocument();
    expect(firstClosed).toHaveBeenCalledOnce();

    act(() => closeModal());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a modal bright only when asked to (SPEC section 2: some are bright)', async () => {
    render(<ModalHost />);
    act(() => {
      openAppModal({ title: 'Plain', children: null });
    });
    expect(await screen.findByRole('dialog', { name: 'Plain' })).toHaveAttribute('data-bright', 'false');
    act(() => {
      openAppModal({ title: 'Bright', children: null, size: 'large', bright: true });
    });
    const bright = await screen.findByRole('dialog', { name: 'Bright' });
    expect(bright).toHaveAttribute('data-bright', 'true');
    expect(bright).toHaveAttribute('data-width', '880');
    act(() => closeModal());
  });
});

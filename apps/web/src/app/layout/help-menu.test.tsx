import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { openAppModal } from '../../components/ui/modal-host';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../../lib/runtime-config';
import { setCurrentUser } from '../../lib/session';
import { ANA, userOf } from '../../features/sessions/test-fixtures';
import { Header } from './header';
import { HelpMenu } from './help-menu';

vi.mock('../../components/ui/modal-host', () => ({
  openAppModal: vi.fn(() => 'modal-1'),
  useModalOpened: () => false,
}));
vi.mock('../../features/nals/components/audio-menu', () => ({ AudioMenu: () => null }));
vi.mock('../../features/sessions/invitation-notices', () => ({ InvitationsBadge: () => null }));

describe('HelpMenu (SPEC section 2, the signed-in header)', () => {
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    vi.mocked(openAppModal).mockClear();
    setCurrentUser(null);
  });

  it('opens the tutorial in its modal and the online help in a new tab', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, helpUrl: 'https://tutti.example/help' });
    renderWithProviders(<HelpMenu />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Help menu' }));
    const help = await screen.findByRole('menuitem', { name: /Online help/, hidden: true });
    expect(help).toHaveAttribute('href', 'https://tutti.example/help');
    expect(help).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('menuitem', { name: 'Tutorial', hidden: true }));
    await waitFor(() =>
      expect(openAppModal).toHaveBeenCalledWith(expect.objectContaining({ title: 'Tutorial', bright: true })),
    );
  });

  it('gives a configured tutorial address as a link that still opens the modal, in French', async () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, tutorialUrl: 'https://video.example/tutorial' });
    renderWithProviders(<HelpMenu />, { locale: 'fr' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu d’aide' }));
    const tutorial = await screen.findByRole('menuitem', { name: 'Tutoriel', hidden: true });
    expect(tutorial).toHaveAttribute('href', 'https://video.example/tutorial');
    expect(screen.getByRole('menuitem', { name: /Aide en ligne/, hidden: true })).toBeInTheDocument();
    await user.click(tutorial);
    await waitFor(() => expect(openAppModal).toHaveBeenCalledOnce());
  });

  it('is in the header of a signed-in musician, not of a guest', async () => {
    setCurrentUser(userOf(ANA));
    const { unmount } = renderWithProviders(<Header />);
    expect((await screen.findAllByRole('button', { name: 'Help menu', hidden: true })).length).toBeGreaterThan(0);
    unmount();
    setCurrentUser(null);
    renderWithProviders(<Header />);
    expect((await screen.findAllByRole('link', { name: 'Log in', hidden: true })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Help menu', hidden: true })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { openAppModal } from '../../components/ui/modal-host';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../../lib/runtime-config';
import { Footer } from './footer';
import { TutorialBody } from './tutorial';

vi.mock('./server-status', () => ({ ServerStatus: () => null }));
vi.mock('../../components/ui/modal-host', () => ({ openAppModal: vi.fn(() => 'modal-1') }));

const footerNav = () => screen.getByRole('navigation', { name: 'Footer' });

describe('Footer', () => {
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    vi.mocked(openAppModal).mockClear();
  });

  it('links to the pages the app ships by default, and offers no tutorial link to nowhere', async () => {
    renderWithProviders(<Footer />);
    const nav = within(footerNav());
    expect(nav.getByRole('link', { name: /Online help/ })).toHaveAttribute('href', '/help.html');
    expect(nav.getByRole('link', { name: /Legal mentions/ })).toHaveAttribute('href', '/legal.html');
    expect(nav.getByRole('link', { name: /Terms/ })).toHaveAttribute('href', '/terms.html');
    expect(nav.getByRole('link', { name: /Online help/ })).toHaveAccessibleName('Online help (opens in a new tab)');
    expect(nav.queryByRole('link', { name: /Tutorial/ })).not.toBeInTheDocument();

    await userEvent.setup().click(nav.getByRole('button', { name: 'Tutorial' }));
    // Its code and words load on the first opening.
    // A video and its steps: a bright modal (SPEC section 2: some are bright).
    await waitFor(() =>
      expect(openAppModal).toHaveBeenCalledWith(expect.objectContaining({ title: 'Tutorial', bright: true })),
    );
  });

  it("leads from the copyright to the product's site: the default landing URL, or the configured one", () => {
    const year = new Date().getFullYear();
    const { unmount } = renderWithProviders(<Footer />);
    const copyright = screen.getByRole('link', { name: `© ${year} Tutti (website)` });
    expect(copyright).toHaveAttribute('href', '/');
    expect(copyright).not.toHaveAttribute('target');
    unmount();

    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, landingUrl: 'https://tutti.example/' });
    renderWithProviders(<Footer />, { locale: 'fr' });
    expect(screen.getByRole('link', { name: `© ${year} Tutti (site web)` })).toHaveAttribute(
      'href',
      'https://tutti.example/',
    );
  });

  it('uses the configured addresses, the tutorial one as a link that still opens the modal', async () => {
    setRuntimeConfig({
      ...DEFAULT_RUNTIME_CONFIG,
      helpUrl: 'https://tutti.example/help',
      legalUrl: 'https://tutti.example/legal',
      termsUrl: 'https://tutti.example/terms',
      tutorialUrl: 'https://video.example/tutorial',
    });
    renderWithProviders(<Footer />);
    const nav = within(footerNav());
    expect(nav.getByRole('link', { name: /Online help/ })).toHaveAttribute('href', 'https://tutti.example/help');
    expect(nav.getByRole('link', { name: /Legal mentions/ })).toHaveAttribute('href', 'https://tutti.example/legal');
    expect(nav.getByRole('link', { name: /Terms/ })).toHaveAttribute('href', 'https://tutti.example/terms');
    const tutorial = nav.getByRole('link', { name: 'Tutorial' });
    expect(tutorial).toHaveAttribute('href', 'https://video.example/tutorial');

    await userEvent.setup().click(tutorial);
    await waitFor(() => expect(openAppModal).toHaveBeenCalledOnce());
  });
});

describe('TutorialBody', () => {
  it('walks through the first steps, with no link when no tutorial is configured', () => {
    renderWithProviders(<TutorialBody url={null} />);
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Sign up and confirm your email',
      'Find your way in the hall',
      'Set your preferences and language',
      'Keep an eye on your connected devices',
      'Install and set up the audio client',
    ]);
    expect(screen.getByText(/Audio configuration menu/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links to the configured tutorial, in French too', () => {
    renderWithProviders(<TutorialBody url="https://video.example/tutorial" />, { locale: 'fr' });
    expect(screen.getByText('Inscrivez-vous et confirmez votre e-mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voir le tutoriel/ })).toHaveAttribute(
      'href',
      'https://video.example/tutorial',
    );
  });
});

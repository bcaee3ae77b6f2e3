import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Locale } from '@tutti/contract/common';
import type { MusicianCard } from '@tutti/contract/community';
import { cssVariablesResolver, theme } from '../../../app/theme';
import { ModalHost } from '../../../components/ui/modal-host';
import { ToastHost } from '../../../components/ui/toast-host';
import { initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../../test/render';
import '../translations';
import { SearchFilters } from './search-filters';

/** The current URL, read by the tests (search state lives in the query string). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a community page at `url`, with the app's providers, modal host and toasts. */
export function renderAt(
  url: string,
  routes: { path: string; element: ReactElement }[],
  { locale = 'en' }: { locale?: Locale } = {},
) {
  const i18n = initI18n(locale);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              {routes.map((r) => (
                <Route key={r.path} path={r.path} element={r.element} />
              ))}
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
            <LocationProbe />
            <ModalHost />
            <ToastHost />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The reference lists as GET v1/instruments and friends answer them. */
export const REFERENCE: Record<string, unknown> = {
  '/api/v1/instruments': [
    { id: 'guitar', name: { en: 'Guitar', fr: 'Guitare' } },
    { id: 'drums', name: { en: 'Drums', fr: 'Batterie' } },
  ],
  '/api/v1/music-styles': [
    { id: 'jazz', name: { en: 'Jazz', fr: 'Jazz' } },
    { id: 'rock', name: { en: 'Rock', fr: 'Rock' } },
  ],
  '/api/v1/music-skills': [
    { id: 'all', rank: 0, name: { en: 'Every level', fr: 'Tous niveaux' } },
    { id: 'beginner', rank: 1, name: { en: 'Beginner', fr: 'Débutant' } },
    { id: 'medium', rank: 2, name: { en: 'Intermediate', fr: 'Intermédiaire' } },
    { id: 'expert', rank: 3, name: { en: 'Expert', fr: 'Expert' } },
  ],
  '/api/v1/config/countries': [
    { code: 'FR', name: { en: 'France', fr: 'France' } },
    { code: 'DE', name: { en: 'Germany', fr: 'Allemagne' } },
  ],
  '/api/v1/config/social-networks': [{ id: 'youtube', name: 'YouTube', urlPrefix: 'https://youtube.com/' }],
};

export function cardOf(patch: Partial<MusicianCard> & { id: string; username: string }): MusicianCard {
  return {
    displayedUsername: patch.username[0]!.toUpperCase() + patch.username.slice(1),
    profilePicture: null,
    verified: false,
    city: null,
    instruments: [],
    followed: false,
    delayMs: null,
    ...patch,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const notFound = () => json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });

/** The search filters alone, untouched ("all" levels, nothing chosen), in the reader's language. */
export const renderSearchFilters = (locale: Locale = 'en') =>
  renderWithProviders(
    <SearchFilters
      value={{ instrument: '', skill: 'all', style: '', country: '' }}
      onChange={() => undefined}
      onClear={() => undefined}
      canClear={false}
    />,
    { locale },
  );

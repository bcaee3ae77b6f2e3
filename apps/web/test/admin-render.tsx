import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Locale } from '@tutti/contract/common';
import { cssVariablesResolver, theme } from '../src/app/theme';
import { ModalHost } from '../src/components/ui/modal-host';
import { initI18n } from '../src/lib/i18n';
import { testUser } from './current-user';

/** The current URL, read by the tests (the lists' search, sort and page live in the query string). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders an administration page (accounts, subscriptions...) at `url`, with the app's providers and modal host. */
export function renderAdminAt(
  url: string,
  path: string,
  page: ReactElement,
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
              <Route path={path} element={page} />
            </Routes>
            <LocationProbe />
            <ModalHost />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const pageOf = <T,>(items: T[], total = items.length, page = 1, size = 20) => ({ items, page, size, total });

/** The signed-in administrator of these tests (the API client calls nothing without a session). */
export const ADMIN_USER = testUser({
  id: '22222222-2222-4222-8222-222222222222',
  email: 'boss@example.com',
  username: 'boss',
  displayedUsername: 'Boss',
  privileges: ['CORE_GUEST', 'CORE_ADMIN'],
  nalsToken: 'tok_boss',
});

export const errorBody = (code: string, fields?: Record<string, string>) => ({
  error: { code, message: code, ...(fields && { fields }) },
});

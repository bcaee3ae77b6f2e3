import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import type { Locale } from '@tutti/contract/common';
import { ModalHost } from '../../components/ui/modal-host';
import { initI18n } from '../../lib/i18n';
import { cssVariablesResolver, theme } from '../theme';
import { NavigationGuard } from './navigation-guard';

/**
 * The app's shape where the navigation guard matters, for its tests: a layout with a Hall link, the guard and the
 * modal host; the page under test at `path`; the hall. Returns the router, to read where it is and to go back.
 */
export function renderGuardedApp(
  page: { path: string; element: ReactElement },
  initialEntries: string[],
  locale: Locale = 'en',
) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Link to="/studio/hall">Hall</Link>
            <Outlet />
            <NavigationGuard />
            <ModalHost />
          </>
        ),
        children: [page, { path: 'studio/hall', element: <h1>The hall</h1> }],
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <I18nextProvider i18n={initI18n(locale)}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Locale } from '@tutti/contract/common';
import { cssVariablesResolver, theme } from '../src/app/theme';
import { initI18n } from '../src/lib/i18n';

/** Renders a piece of the app with the providers it expects, in the given language, at `route` (default "/"). */
export function renderWithProviders(
  ui: ReactElement,
  { locale = 'en', route = '/' }: { locale?: Locale; route?: string } = {},
) {
  const i18n = initI18n(locale);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

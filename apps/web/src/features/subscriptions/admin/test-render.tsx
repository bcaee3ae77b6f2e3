import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CurrentUser } from '@tutti/contract/accounts';
import type { Locale } from '@tutti/contract/common';
import type { AdminSubscription, Product, ProductToken } from '@tutti/contract/subscriptions';
import { cssVariablesResolver, theme } from '../../../app/theme';
import { ModalHost } from '../../../components/ui/modal-host';
import { initI18n } from '../../../lib/i18n';

/** The current URL, read by the tests (the subscriptions' filter and page live in the query string). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders an administration page at `url`, with the app's providers and modal host. */
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

export const errorBody = (code: string, fields?: Record<string, string>) => ({
  error: { code, message: code, ...(fields && { fields }) },
});

export const pageOf = <T,>(items: T[], total = items.length, page = 1, size = 20) => ({ items, page, size, total });

export function productOf(patch: Partial<Product> = {}): Product {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    name: { en: 'Band plan', fr: 'Formule groupe' },
    description: { en: 'Unlimited open rehearsals.', fr: 'Répétitions ouvertes illimitées.' },
    priceCents: 999,
    currency: 'EUR',
    free: false,
    trial: { length: 14, unit: 'day' },
    enabled: true,
    createdAt: '2030-12-01T12:00:00.000Z',
    updatedAt: '2030-12-01T12:00:00.000Z',
    ...patch,
  };
}

export function tokenOf(patch: Partial<ProductToken> = {}): ProductToken {
  const { id, name, priceCents, currency, free } = productOf();
  return {
    id: '77777777-7777-4777-8777-777777777777',
    code: 'SPRING-24',
    product: { id, name, priceCents, currency, free },
    months: 3,
    maxUses: 10,
    uses: 3,
    expiresAt: null,
    createdAt: '2030-12-02T12:00:00.000Z',
    ...patch,
  };
}

export function adminSubscriptionOf(patch: Partial<AdminSubscription> = {}): AdminSubscription {
  const { id, name, priceCents, currency, free } = productOf();
  return {
    id: '66666666-6666-4666-8666-666666666666',
    product: { id, name, priceCents, currency, free },
    status: 'active',
    source: 'card',
    trialEnd: null,
    currentPeriodStart: '2030-12-15T12:00:00.000Z',
    currentPeriodEnd: '2031-01-15T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    createdAt: '2030-12-15T12:00:00.000Z',
    account: { id: '11111111-1111-4111-8111-111111111111', username: 'ana', email: 'ana@example.org' },
    cancellation: null,
    ...patch,
  };
}

/** The signed-in administrator of these tests (the API client calls nothing without a session). */
export const ADMIN_USER = {
  id: '22222222-2222-4222-8222-222222222222',
  username: 'boss',
  displayedUsername: 'Boss',
  profilePicture: null,
  locale: 'en',
  privileges: ['CORE_GUEST', 'CORE_ADMIN'],
  nalsToken: 'tok_boss',
  eligibleToSocial: true,
} as unknown as CurrentUser;

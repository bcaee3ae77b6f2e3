import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AdminAccount } from '@tutti/contract/account-admin';
import type { Locale } from '@tutti/contract/common';
import { cssVariablesResolver, theme } from '../src/app/theme';
import { ModalHost } from '../src/components/ui/modal-host';
import { initI18n } from '../src/lib/i18n';
import { setCurrentUser } from '../src/lib/session';
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

/** A request the administration pages sent, its JSON body parsed. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  /** Its Authorization header, or null. */
  authorization: string | null;
}

/**
 * For a test file: the administrator signed in and a fetch double answering each request with `answer` (404 when it
 * returns nothing), before each test; both undone after it. The returned list holds the requests of the current test.
 */
export function adminFetchDouble(answer: (request: SentRequest) => Response | undefined): SentRequest[] {
  const sent: SentRequest[] = [];
  beforeEach(() => {
    sent.length = 0;
    setCurrentUser(ADMIN_USER);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const request = {
          method: init?.method ?? 'GET',
          url,
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
          authorization: new Headers(init?.headers).get('authorization'),
        };
        sent.push(request);
        return Promise.resolve(answer(request) ?? json(404, errorBody('NOT_FOUND')));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });
  return sent;
}

/** A plain account as the administration's account calls answer it (Ana, French, validated, not verified). */
export const ANA_ADMIN_ID = '11111111-1111-4111-8111-111111111111';
export const adminAccount = (overrides: Partial<AdminAccount> = {}): AdminAccount => ({
  id: ANA_ADMIN_ID,
  email: 'ana@example.org',
  username: 'ana',
  displayedUsername: 'Ana',
  locale: 'fr',
  birthdate: '1990-05-17',
  createdAt: '2030-12-01T12:00:00.000Z',
  validatedAt: '2030-12-01T12:05:00.000Z',
  verified: false,
  lastPingAt: null,
  privileges: ['CORE_GUEST'],
  listedPrivileges: [],
  subscribed: false,
  erasesAt: null,
  ...overrides,
});

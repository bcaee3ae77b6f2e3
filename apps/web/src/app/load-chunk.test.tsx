import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { theme } from './theme';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, loadChunk } from './load-chunk';
import { RouteError } from './route-error';

describe('loadChunk (SPEC section 8: a chunk load times out after 120 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up on a chunk that has not arrived after 120 s, not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const outcome = vi.fn();
    loadChunk(new Promise(() => undefined)).catch(outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError));
  });

  it('passes a chunk through, and its failure too', async () => {
    await expect(loadChunk(Promise.resolve({ Page: 'page' }))).resolves.toEqual({ Page: 'page' });
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(loadChunk(Promise.reject(failed))).rejects.toBe(failed);
  });

  it.each([
    ['en', 'Tutti cannot be reached. Check your connection and try again.', 'Reload the page'],
    ['fr', 'Impossible de joindre Tutti. Vérifiez votre connexion et réessayez.', 'Recharger la page'],
  ] as const)('is reported by the route as a load error with a reload (%s)', async (locale, text, reload) => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: async () => {
          throw new ChunkLoadTimeoutError();
        },
      },
    ]);
    render(
      <I18nextProvider i18n={initI18n(locale)}>
        <MantineProvider theme={theme}>
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: reload })).toBeInTheDocument();
  });
});

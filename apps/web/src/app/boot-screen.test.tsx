import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('BootScreen', () => {
  it.each([
    ['en', 'Tutti cannot be reached right now. Trying again every 2 seconds…'],
    ['fr', 'Tutti est injoignable pour le moment. Nouvel essai toutes les 2 secondes…'],
  ] as const)(
    'says, while the server cannot be reached, that it tries again every 2 seconds (%s)',
    async (locale, text) => {
      vi.useFakeTimers();
      let reachable = false;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return String(input).endsWith('/version.json') ? Response.json({ version: '1.0.0' }) : Response.json({});
        }),
      );
      const { startApp } = await import('./startup');
      const { BootScreen } = await import('./boot-screen');
      renderWithProviders(<BootScreen />, { locale });
      expect(screen.queryByText(text)).not.toBeInTheDocument();

      const started = startApp();
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(screen.getByText(text)).toBeInTheDocument();

      // The server is back: the next try succeeds and the line goes.
      reachable = true;
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await act(() => started);
      expect(screen.queryByText(text)).not.toBeInTheDocument();
    },
  );
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ServerStatus } from './server-status';

/** GET v1/health answers `status`; anything else is another call. */
function serveHealth(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(
        String(input).endsWith('/v1/health')
          ? new Response(status === 200 ? 'OK' : 'down', { status, headers: { 'content-type': 'text/plain' } })
          : new Response(null, { status: 404 }),
      ),
    ),
  );
}

const dot = (name: string) => screen.findByRole('img', { name });
const colourOf = (element: HTMLElement) => element.getAttribute('style');

describe('ServerStatus (SPEC section 2: the footer dot; section 8: a failed health check turns it red)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is green while the health check answers', async () => {
    serveHealth(200);
    renderWithProviders(<ServerStatus />);
    expect(colourOf(await dot('Server status: online'))).toContain('var(--mantine-color-teal-6)');
  });

  it('turns red when the health check fails, and says so in French too', async () => {
    serveHealth(503);
    renderWithProviders(<ServerStatus />, { locale: 'fr' });
    expect(colourOf(await dot('État du serveur : hors ligne'))).toContain('var(--mantine-color-red-7)');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { testUser } from '../../test/current-user';
import { fetchAppStart } from '../features/me/api/get-app-start';
import { setCurrentUser } from '../lib/session';
import { readStoredVersion, storeVersion } from '../lib/version';
import { SIGNED_IN } from './guards';
import { guard } from './route-guard';
import { takeStartupVersionRead } from './startup';

// Start-up has its own test (startup.test.ts); here every navigation is a later one, which checks the version itself.
vi.mock('./startup', () => ({ startApp: async () => undefined, takeStartupVersionRead: vi.fn(() => false) }));
vi.mock('../features/me/api/get-app-start', () => ({ fetchAppStart: vi.fn(async () => '') }));

const args = (path: string) => ({ request: new Request(`http://localhost${path}`) }) as LoaderFunctionArgs;

/** SPEC section 4, route guards in order: 1. version check, 2. access check, 3. app-start check (once per session). */
describe('guard: the version check and the app-start check', () => {
  let deployed: string;
  const assign = vi.fn();

  beforeEach(() => {
    deployed = '1.0.0';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/version.json' ? Response.json({ version: deployed }) : new Response(null, { status: 404 }),
      ),
    );
    vi.stubGlobal('location', { ...window.location, assign });
    storeVersion('1.0.0');
    setCurrentUser(testUser());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(fetchAppStart).mockClear();
    assign.mockClear();
    setCurrentUser(null);
  });

  it('reloads the page at the target when a newer version is deployed, and remembers that version', async () => {
    deployed = '1.1.0';
    const pending = guard(SIGNED_IN)(args('/me/preferences?tab=devices'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/me/preferences?tab=devices'));
    expect(readStoredVersion()).toBe('1.1.0');
    // The page is going away: neither the access check nor the app-start check runs.
    expect(fetchAppStart).not.toHaveBeenCalled();
    let settled = false;
    void pending.finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
  });

  it('goes on without a reload while the deployed version is the stored one', async () => {
    await expect(guard(SIGNED_IN)(args('/studio/hall'))).resolves.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('skips the version file on the first navigation, which start-up has just read', async () => {
    vi.mocked(takeStartupVersionRead).mockReturnValueOnce(true);
    deployed = '2.0.0';
    await expect(guard(SIGNED_IN)(args('/studio/hall'))).resolves.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks for the app-start hint once per browser session, and follows it', async () => {
    vi.mocked(fetchAppStart).mockResolvedValueOnce('spring-offer');
    const redirect = await guard(SIGNED_IN)(args('/studio/hall')).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('Location')).toBe('/studio/welcome?t=spring-offer');
    await expect(guard(SIGNED_IN)(args('/studio/hall'))).resolves.toBeNull();
    expect(fetchAppStart).toHaveBeenCalledOnce();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { getCurrentUser } from '../lib/session';
import { SIGNED_IN } from './guards';
import { guard } from './route-guard';

vi.mock('./startup', () => ({ startApp: async () => undefined, takeStartupVersionRead: () => true }));
vi.mock('../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/session')>()),
  getCurrentUser: vi.fn(),
}));
vi.mock('../lib/storage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/storage')>()),
  readSessionFlag: () => true,
}));

const args = (path: string) => ({ request: new Request(`http://localhost${path}`) }) as LoaderFunctionArgs;

describe('guard', () => {
  beforeEach(() => vi.mocked(getCurrentUser).mockReset());

  it('runs whenAllowed once access is granted', async () => {
    vi.mocked(getCurrentUser).mockReturnValue({ privileges: ['CORE_GUEST'] } as unknown as ReturnType<
      typeof getCurrentUser
    >);
    const whenAllowed = vi.fn();
    await expect(guard(SIGNED_IN, { whenAllowed })(args('/studio/hall'))).resolves.toBeNull();
    expect(whenAllowed).toHaveBeenCalledTimes(1);
  });

  it('does not run it for a visitor it sends away', async () => {
    vi.mocked(getCurrentUser).mockReturnValue(null);
    const whenAllowed = vi.fn();
    await expect(guard(SIGNED_IN, { whenAllowed })(args('/studio/hall'))).rejects.toBeInstanceOf(Response);
    expect(whenAllowed).not.toHaveBeenCalled();
  });
});

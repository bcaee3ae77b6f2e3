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

  it("waits for what whenAllowed returns: the page's first render has its data", async () => {
    vi.mocked(getCurrentUser).mockReturnValue({ privileges: ['CORE_GUEST'] } as unknown as ReturnType<
      typeof getCurrentUser
    >);
    let answer: () => void = () => undefined;
    const data = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const done = vi.fn();
    void guard(SIGNED_IN, { whenAllowed: () => data })(args('/studio/hall')).then(done);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).not.toHaveBeenCalled();
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toHaveBeenCalledWith(null);
  });

  it('does not run it for a visitor it sends away', async () => {
    vi.mocked(getCurrentUser).mockReturnValue(null);
    const whenAllowed = vi.fn();
    await expect(guard(SIGNED_IN, { whenAllowed })(args('/studio/hall'))).rejects.toBeInstanceOf(Response);
    expect(whenAllowed).not.toHaveBeenCalled();
  });
});

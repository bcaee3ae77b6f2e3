import { describe, expect, it } from 'vitest';

describe('jitless', () => {
  it('sets the configuration zod reads, without importing zod first', async () => {
    await import('./jitless.ts');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './random-uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID, also where the page is not a secure context (no crypto.randomUUID)', () => {
    expect(randomUuid()).toMatch(V4);
    const real = globalThis.crypto;
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(array: T) => real.getRandomValues(array as never) as T);
    vi.stubGlobal('crypto', { getRandomValues });
    const made = Array.from({ length: 50 }, randomUuid);
    expect(getRandomValues).toHaveBeenCalledTimes(50);
    for (const id of made) expect(id).toMatch(V4);
    expect(new Set(made).size).toBe(50);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../config.ts';
import { AppError } from './errors.ts';
import { createLimits, fastifyTrustProxy, LimitExceeded } from './limits.ts';

const wrong = () => new AppError(401, 'INVALID_CREDENTIALS', 'wrong');
const isWrong = (e: unknown) => e instanceof AppError && e.code === 'INVALID_CREDENTIALS';

describe('TRUST_PROXY', () => {
  it('is off by default, and reads true, a hop count, addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start', () => {
    for (const bad of ['yes', 'nginx.local', '10.0.0.0/33', '10.0.0.1/8/2', '300.1.1.1']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('turns a hop count into a function trusting that many nearest hops (Fastify 5 ignores bare counts)', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});

describe('createLimits (memory)', () => {
  it('refuses an address past addressMax with its retry-after', async () => {
    const limits = createLimits({ addressMax: 2, passwordMax: 2, redisUrl: null });
    await limits.hitAddress('signIn', '10.0.0.1');
    await limits.hitAddress('signIn', '10.0.0.1');
    const refused = await limits.hitAddress('signIn', '10.0.0.1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LimitExceeded);
    expect((refused as LimitExceeded).retryAfterSeconds).toBeLessThanOrEqual(60);
    // Per action and per address.
    await limits.hitAddress('signUp', '10.0.0.1');
    await limits.hitAddress('signIn', '10.0.0.2');
  });

  it('counts failed checks only, and refuses without running the check once over', async () => {
    const limits = createLimits({ addressMax: 100, passwordMax: 2, redisUrl: null });
    let checks = 0;
    const fail = () => limits.guardPassword('signIn', 'ann', async () => (checks++, Promise.reject(wrong())), isWrong);
    const pass = () => limits.guardPassword('signIn', 'ann', async () => (checks++, 'ok'), isWrong);
    const other = () =>
      limits.guardPassword('signIn', 'ann', async () => Promise.reject(new Error('database down')), isWrong);
    for (let i = 0; i < 5; i++) expect(await pass()).toBe('ok');
    await expect(other()).rejects.toThrow('database down');
    await expect(fail()).rejects.toThrow(AppError);
    await expect(fail()).rejects.toThrow(AppError);
    const before = checks;
    await expect(pass()).rejects.toBeInstanceOf(LimitExceeded);
    expect(checks).toBe(before);
  });

  it('counts concurrent attempts: a burst cannot run more checks than the budget', async () => {
    const limits = createLimits({ addressMax: 100, passwordMax: 3, redisUrl: null });
    let checks = 0;
    const attempt = () =>
      limits.guardPassword(
        'signIn',
        'bob',
        async () => {
          checks++;
          await new Promise((r) => setTimeout(r, 20));
          throw wrong();
        },
        isWrong,
      );
    const results = await Promise.allSettled(Array.from({ length: 10 }, attempt));
    expect(checks).toBe(3);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof LimitExceeded)).toHaveLength(7);
  });
});

describe('createLimits with Redis unreachable', () => {
  it('still limits, counting in memory (a wait on Redis would time the test out)', async () => {
    const warnings: string[] = [];
    const limits = createLimits(
      { addressMax: 2, passwordMax: 2, redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'unreachable' },
      { warn: (_obj, msg) => warnings.push(msg) },
    );
    try {
      await limits.hitAddress('signIn', '10.0.0.1');
      await limits.hitAddress('signIn', '10.0.0.1');
      await expect(limits.hitAddress('signIn', '10.0.0.1')).rejects.toBeInstanceOf(LimitExceeded);
    } finally {
      await limits.close();
    }
  });
});

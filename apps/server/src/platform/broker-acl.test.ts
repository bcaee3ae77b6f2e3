import { describe, expect, it } from 'vitest';
import { mayUse, parseNalsTopic } from './broker-acl.ts';

describe('parseNalsTopic', () => {
  it('reads the token and direction of a NALS topic, and nothing else', () => {
    expect(parseNalsTopic('/topic/nals/abc_D-9/in')).toEqual({ token: 'abc_D-9', direction: 'in' });
    expect(parseNalsTopic('/topic/nals/abc/out')).toEqual({ token: 'abc', direction: 'out' });
    for (const topic of ['/topic/nals/+/in', '/topic/nals/#', '#', '/topic/nals/abc/in/x', 'topic/nals/abc/in', '']) {
      expect(parseNalsTopic(topic), topic).toBeNull();
    }
  });
});

describe('mayUse', () => {
  const browser = { kind: 'browser', nalsToken: 'tok' } as const;
  const nals = { kind: 'nals', nalsToken: 'tok' } as const;

  it('lets each side use its own token in its own direction only', () => {
    expect(mayUse(browser, '/topic/nals/tok/in', 'publish')).toBe(true);
    expect(mayUse(browser, '/topic/nals/tok/out', 'subscribe')).toBe(true);
    expect(mayUse(browser, '/topic/nals/tok/out', 'publish')).toBe(false);
    expect(mayUse(browser, '/topic/nals/tok/in', 'subscribe')).toBe(false);
    expect(mayUse(nals, '/topic/nals/tok/in', 'subscribe')).toBe(true);
    expect(mayUse(nals, '/topic/nals/tok/out', 'publish')).toBe(true);
    expect(mayUse(nals, '/topic/nals/tok/in', 'publish')).toBe(false);
    expect(mayUse(nals, '/topic/nals/tok/out', 'subscribe')).toBe(false);
  });

  it('refuses another token, a longer token sharing the prefix, and wildcards', () => {
    expect(mayUse(browser, '/topic/nals/other/in', 'publish')).toBe(false);
    expect(mayUse(browser, '/topic/nals/tok2/in', 'publish')).toBe(false);
    expect(mayUse(nals, '/topic/nals/+/in', 'subscribe')).toBe(false);
  });
});

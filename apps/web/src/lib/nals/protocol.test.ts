import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCommand, parseSignal } from './protocol';

describe('protocol', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a signal that matches the contract', () => {
    expect(parseSignal(JSON.stringify({ signal: 'cl_ping', data: { rttMs: 2 } }))).toEqual({
      signal: 'cl_ping',
      data: { rttMs: 2 },
    });
    expect(parseSignal(JSON.stringify({ signal: 'bye' }))).toEqual({ signal: 'bye', data: undefined });
  });

  it('drops bad JSON, unknown signals and malformed data, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseSignal('{nope')).toBeNull();
    expect(parseSignal(JSON.stringify({ signal: 'toString' }))).toBeNull();
    expect(parseSignal(JSON.stringify({ signal: 'hello', data: { name: 'x' } }))).toBeNull();
    expect(parseSignal(JSON.stringify({ action: 'hello' }))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('writes actions, with data only when they have some', () => {
    expect(encodeCommand({ action: 'hello' })).toBe('{"action":"hello"}');
    expect(encodeCommand({ action: 'set_buffer', data: { size: 128 } })).toBe(
      '{"action":"set_buffer","data":{"size":128}}',
    );
  });

  it('refuses data the contract does not allow', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(encodeCommand({ action: 'set_jitter', data: { local: 100, server: 0 } })).toBeNull();
  });
});

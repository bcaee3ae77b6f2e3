import { describe, expect, it } from 'vitest';
import { loadRoomConfig, RoomConfigError } from '../src/config.ts';

describe('room configuration', () => {
  it('uses the documented defaults', () => {
    expect(loadRoomConfig({ ROOM_SECRET: 'a-long-enough-secret' })).toEqual({
      ROOM_UDP_PORT: 7400,
      ROOM_HTTP_PORT: 7401,
      ROOM_BIND_HOST: '0.0.0.0',
      ROOM_PUBLIC_HOST: '127.0.0.1',
      ROOM_SECRET: 'a-long-enough-secret',
      LOG_LEVEL: 'info',
    });
  });

  it('requires a secret', () => {
    expect(() => loadRoomConfig({})).toThrow(RoomConfigError);
    expect(() => loadRoomConfig({ ROOM_SECRET: 'short' })).toThrow(/at least 16/);
  });
});

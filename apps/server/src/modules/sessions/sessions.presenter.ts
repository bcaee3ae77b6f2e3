import type { Selfcheck } from '@tutti/contract/http';
import type { RoomAddress } from '../../platform/room-client.ts';
import type { SelfcheckRow } from '../../platform/schema.ts';
import { ECHO_ROOM_PLAYER } from './sessions.policy.ts';

export const presentSelfcheck = (row: SelfcheckRow, room: RoomAddress): Selfcheck => ({
  id: row.id,
  ip: room.ip,
  port: room.port,
  player: ECHO_ROOM_PLAYER,
  charge: room.id,
});

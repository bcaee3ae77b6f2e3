import type { Selfcheck } from '@tutti/contract/nals';
import type { RoomAddress } from '../../platform/room-client.ts';
import type { SelfcheckRow } from '../../platform/schema.ts';
import { ECHO_ROOM_PLAYER } from './sessions.policy.ts';

/** `charge`: the echo room's ticket for the self-check's account. */
export const presentSelfcheck = (row: SelfcheckRow, room: RoomAddress, charge: string): Selfcheck => ({
  id: row.id,
  ip: room.ip,
  port: room.port,
  player: ECHO_ROOM_PLAYER,
  charge,
});

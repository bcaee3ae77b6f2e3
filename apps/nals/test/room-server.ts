import { ROOM_TICKET_TTL_MS } from '@tutti/contract/room';
import { startRoomServer, type RoomServer } from '../../room/src/server.ts';
import { signRoomTicket } from '../../room/src/ticket.ts';

/** The control secret of the room servers these tests start. */
export const ROOM_SECRET = 'nals-test-room-secret';

export interface CreatedRoom {
  id: string;
  ip: string;
  port: number;
}

/** A real room server (apps/room) on free ports of 127.0.0.1, handing out 127.0.0.1 as the rooms' address. */
export const startTestRoomServer = (): Promise<RoomServer> =>
  startRoomServer({ udpPort: 0, httpPort: 0, bindHost: '127.0.0.1', publicHost: '127.0.0.1', secret: ROOM_SECRET });

/** Creates a room through the server's control API. */
export async function createRoom(
  server: RoomServer,
  body: { kind: 'echo' } | { kind: 'rehearsal'; capacity?: number },
): Promise<CreatedRoom> {
  const res = await fetch(`http://127.0.0.1:${server.httpPort}/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-room-secret': ROOM_SECRET },
    body: JSON.stringify(body),
  });
  return (await res.json()) as CreatedRoom;
}

/** The ticket the API would hand out for `player` in `room` (connect's charge): signed with the test room secret. */
export const ticketFor = (room: string, player: number, account = `account-${player}`): string =>
  signRoomTicket(ROOM_SECRET, {
    room,
    slot: player,
    account,
    issuedAt: Date.now(),
    expiresAt: Date.now() + ROOM_TICKET_TTL_MS,
  });

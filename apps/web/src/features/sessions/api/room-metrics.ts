import type { RoomMetrics } from '@tutti/contract/sessions';
import { api } from '../../../lib/api';

/** POST v1/rooms/{id}/metrics: the room quality over the last PING_WINDOW_SIZE pings. */
export function postRoomMetrics(roomId: string, metrics: RoomMetrics): Promise<void> {
  return api.call('postRoomMetrics', { params: { id: roomId }, body: metrics });
}

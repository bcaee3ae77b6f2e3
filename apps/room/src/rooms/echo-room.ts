import type { RoomAudio, RoomJoin } from '@tutti/contract/room';
import { BaseRoom, type Delivery, type Endpoint, type RoomPlayer } from './room.ts';

/**
 * The self-check room: one musician, every audio packet returned to its sender unchanged, so the client measures the
 * whole audio path. The latest join wins: a client restarted with a new UDP port gets back in without waiting for
 * its previous self to be dropped for silence.
 */
export class EchoRoom extends BaseRoom {
  readonly kind = 'echo' as const;
  protected readonly capacity = 1;

  protected override playersReplacedBy(_join: RoomJoin, _from: Endpoint): RoomPlayer[] {
    return this.players();
  }

  route(from: RoomPlayer, audio: RoomAudio): Delivery[] {
    return [{ to: from, datagram: audio }];
  }
}

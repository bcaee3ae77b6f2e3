import { BaseRoom, type RoomPlayer } from './room.ts';

/**
 * The self-check room: one musician, every audio packet returned to its sender unchanged, so the client measures the
 * whole audio path. A client restarted with a new UDP port gets back in with its ticket (BaseRoom's rebind rule)
 * without waiting for its previous self to be dropped for silence.
 */
export class EchoRoom extends BaseRoom {
  readonly kind = 'echo' as const;
  protected readonly capacity = 1;

  protected recipientsOf(player: RoomPlayer): RoomPlayer[] {
    return [player];
  }
}

import { BaseRoom, type Bindings, type RoomPlayer } from './room.ts';

/**
 * A rehearsal: up to `capacity` musicians, each in their own slot. Every audio packet goes, unchanged, to every other
 * player of the room; nothing is mixed here, so each audio client mixes (volume, mute, solo) the slots it hears.
 * A slot belongs to whoever joined it first until they leave or are dropped for silence (BaseRoom's rules).
 */
export class RehearsalRoom extends BaseRoom {
  readonly kind = 'rehearsal' as const;

  constructor(
    id: string,
    createdAt: number,
    bindings: Bindings,
    protected readonly capacity: number,
  ) {
    super(id, createdAt, bindings);
  }

  protected recipientsOf(player: RoomPlayer, members: readonly RoomPlayer[]): RoomPlayer[] {
    return members.filter((p) => p !== player);
  }
}

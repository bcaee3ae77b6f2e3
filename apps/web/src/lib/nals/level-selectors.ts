import type { NalsState } from './nals-state';

type Levels = NalsState['levels'];

/** The stable selectors level meters subscribe with (one subscription per selector). */
export const inputLevel = (levels: Levels): number | null => levels?.input ?? null;
export const outputLevel = (levels: Levels): number | null => levels?.output ?? null;

const bySlot = new Map<number, (levels: Levels) => number | null>();
/** A slot as I hear it in the room (silence when the client reports nothing for it). */
export function slotLevel(slot: number): (levels: Levels) => number | null {
  let select = bySlot.get(slot);
  if (!select) {
    select = (levels) => (levels ? (levels.slots[String(slot)] ?? 0) : null);
    bySlot.set(slot, select);
  }
  return select;
}

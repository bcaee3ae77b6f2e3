import type { z } from 'zod';
import { NALS_ACTIONS, NalsActionMessageSchema, type NalsAction } from '@tutti/contract/nals';

export type ActionPayload<A extends NalsAction> = z.output<(typeof NALS_ACTIONS)[A]>;
export type ParsedAction = { [A in NalsAction]: { action: A; data: ActionPayload<A> } }[NalsAction];
export type ParseResult = { ok: true; value: ParsedAction } | { ok: false; action: string | null; message: string };

const isAction = (name: string): name is NalsAction => Object.hasOwn(NALS_ACTIONS, name);

/** Reads one `/in` message: JSON `{action, data}` with a known action whose data matches its schema. */
export function parseAction(payload: Buffer | string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return { ok: false, action: null, message: 'the message is not JSON' };
  }
  const envelope = NalsActionMessageSchema.safeParse(json);
  if (!envelope.success) return { ok: false, action: null, message: 'the message is not {action, data}' };
  const { action } = envelope.data;
  if (!isAction(action)) return { ok: false, action, message: `unknown action "${action}"` };
  // Web clients may send `data: null` for actions without data; it means the same as no data.
  const raw = envelope.data.data === null ? undefined : envelope.data.data;
  const parsed = NALS_ACTIONS[action].safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`).join('; ');
    return { ok: false, action, message: `invalid data for "${action}": ${issues}` };
  }
  return { ok: true, value: { action, data: parsed.data } as ParsedAction };
}

export const encodeSignal = (signal: string, data: unknown): string =>
  JSON.stringify(data === undefined ? { signal } : { signal, data });

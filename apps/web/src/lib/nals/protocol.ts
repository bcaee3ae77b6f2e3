import {
  NALS_ACTIONS,
  NALS_SIGNALS,
  NalsSignalMessageSchema,
  type NalsAction,
  type NalsSignal,
} from '@tutti/contract/nals';
import type { NalsCommand } from './commands';
import type { SignalMessage } from './nals-state';

const isSignal = (name: string): name is NalsSignal => Object.hasOwn(NALS_SIGNALS, name);
const isAction = (name: string): name is NalsAction => Object.hasOwn(NALS_ACTIONS, name);

/**
 * A message from `/out`, checked against the contract. Anything else (bad JSON, unknown signal, wrong data) is
 * logged and dropped: a confused client must never break the page's state.
 */
export function parseSignal(payload: string): SignalMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    console.warn('nals: unreadable message', payload.slice(0, 200));
    return null;
  }
  const envelope = NalsSignalMessageSchema.safeParse(json);
  if (!envelope.success || !isSignal(envelope.data.signal)) {
    console.warn('nals: unknown message', payload.slice(0, 200));
    return null;
  }
  const { signal } = envelope.data;
  const data = NALS_SIGNALS[signal].safeParse(envelope.data.data);
  if (!data.success) {
    console.warn(`nals: malformed ${signal} signal`, data.error.issues);
    return null;
  }
  return { signal, data: data.data } as SignalMessage;
}

/** The JSON published on `/in`, or null when the data does not match the contract (a bug on this side). */
export function encodeCommand(command: NalsCommand): string | null {
  if (!isAction(command.action)) return null;
  const data = NALS_ACTIONS[command.action].safeParse(command.data);
  if (!data.success) {
    console.warn(`nals: ${command.action} not sent, its data does not match the contract`, data.error.issues);
    return null;
  }
  return JSON.stringify(
    data.data === undefined ? { action: command.action } : { action: command.action, data: data.data },
  );
}

import type { z } from 'zod';

/** The contract's bus module: the envelope's and each topic's event schemas (zod). */
export type BusSchemas = typeof import('@tutti/contract/bus');

/** The names of the bus module's event schemas, which a page's handlers check their topic's events with. */
export type BusEventSchemaName = {
  [K in keyof BusSchemas]: K extends `${string}EventSchema` ? (BusSchemas[K] extends z.ZodType ? K : never) : never;
}[keyof BusSchemas];

export type BusEventOf<K extends BusEventSchemaName> = z.infer<BusSchemas[K]>;

let loading: Promise<BusSchemas> | null = null;

/**
 * Loads the bus's schemas once, with the first message a page receives (or the first check it makes): zod and the
 * session and message schemas they build on are a long task to evaluate on a phone, and most page loads hear nothing
 * on the bus in their first seconds (issue 9: the hall's total blocking time). A failed load is tried again next time.
 */
export function loadBusSchemas(): Promise<BusSchemas> {
  loading ??= import('@tutti/contract/bus').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

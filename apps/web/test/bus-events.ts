import * as busSchemas from '@tutti/contract/bus';
import type { BusEventSchemaName } from '../src/lib/bus-schemas';

/** For the mocks of lib/use-bus: the handler useBusEvent subscribes, checking each event against its schema at
 *  once (the real hook does the same once the schemas are loaded). */
export const checkedBusHandler =
  (schema: BusEventSchemaName, onEvent: (event: unknown) => void) =>
  (data: unknown): void => {
    const parsed = busSchemas[schema].safeParse(data);
    if (parsed.success) onEvent(parsed.data);
  };

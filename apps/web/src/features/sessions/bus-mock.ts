import { vi } from 'vitest';
import type { BusEventSchemaName } from '../../lib/bus-schemas';
import { checkedBusHandler } from '../../../test/bus-events';

/** Stands in for lib/use-bus in tests: records each subscribed topic's handler so a test can deliver events. */
export const busHandlers = new Map<string, (data: unknown) => void>();

export const busMock = {
  useBusTopic: vi.fn((topic: string | null, onMessage: (data: unknown) => void) => {
    if (topic) busHandlers.set(topic, onMessage);
  }),
  useBusEvent: vi.fn((topic: string | null, schema: BusEventSchemaName, onEvent: (event: unknown) => void) => {
    if (topic) busHandlers.set(topic, checkedBusHandler(schema, onEvent));
  }),
  closeBus: vi.fn(),
  startBus: vi.fn(),
};

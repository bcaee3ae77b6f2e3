import { vi } from 'vitest';

/** Stands in for lib/use-bus in tests: records each subscribed topic's handler so a test can deliver events. */
export const busHandlers = new Map<string, (data: unknown) => void>();

export const busMock = {
  useBusTopic: vi.fn((topic: string | null, onMessage: (data: unknown) => void) => {
    if (topic) busHandlers.set(topic, onMessage);
  }),
  closeBus: vi.fn(),
  startBus: vi.fn(),
};

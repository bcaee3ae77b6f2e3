import { timestamp } from 'drizzle-orm/pg-core';

/** Every instant is a timestamptz, handled as a JS Date in UTC. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

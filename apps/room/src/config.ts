import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const port = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));

const EnvSchema = z.object({
  ROOM_UDP_PORT: port(7400),
  ROOM_HTTP_PORT: port(7401),
  ROOM_BIND_HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  ROOM_PUBLIC_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  ROOM_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string({ error: 'ROOM_SECRET is required' }).min(16, 'ROOM_SECRET needs at least 16 characters'),
  ),
  /** Set by the API's supervisor: this process exits when that parent is gone (never left orphaned on its ports). */
  ROOM_PARENT_PID: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type RoomConfig = z.infer<typeof EnvSchema>;

export class RoomConfigError extends Error {
  override name = 'RoomConfigError';
}

export function loadRoomConfig(env: NodeJS.ProcessEnv = process.env): RoomConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new RoomConfigError(`Invalid room server configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

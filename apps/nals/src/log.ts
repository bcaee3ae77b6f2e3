/** A small leveled logger: the emulator is a CLI, so it writes readable lines to stderr rather than JSON. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Log {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLog(level: LogLevel, write: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Log {
  const threshold = LOG_LEVELS.indexOf(level);
  const at =
    (l: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (LOG_LEVELS.indexOf(l) < threshold) return;
      const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields, errorReplacer)}` : '';
      write(`${new Date().toISOString()} nals ${l.toUpperCase()} ${message}${extra}`);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message } : value;
}

export const silentLog: Log = createLog('silent');

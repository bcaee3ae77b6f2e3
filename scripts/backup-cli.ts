/**
 * What npm run backup and npm run restore share: the configuration (the server's own variables: DATA_DIR or
 * DATABASE_URL), the arguments, and the check that no server runs on a PGlite database.
 */
import { ConfigError, loadConfig, type AppConfig } from '../apps/server/src/config.ts';
import { BackupError } from '../apps/server/src/platform/backup.ts';

export interface CliArgs {
  file: string | undefined;
  force: boolean;
}

export function parseArgs(argv: string[], usage: string): CliArgs {
  const positional = argv.filter((a) => !a.startsWith('--'));
  const unknown = argv.filter((a) => a.startsWith('--') && a !== '--force');
  if (argv.includes('--help') || unknown.length > 0 || positional.length > 1) {
    console.error(usage);
    process.exit(argv.includes('--help') ? 0 : 2);
  }
  return { file: positional[0], force: argv.includes('--force') };
}

export function config(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

/** PGlite is one process's database: a server answering on PORT of this machine has it open. */
export async function refuseRunningServer(config: AppConfig): Promise<void> {
  if (config.database.kind !== 'pglite') return;
  const url = `http://127.0.0.1:${config.port}/api/v1/health`;
  const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (answered) fail(`a Tutti server answers on ${url}: stop it first (PGlite is one process's database)`);
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export async function main(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (err) {
    if (err instanceof BackupError) fail(err.message);
    throw err;
  }
}

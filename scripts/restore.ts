/**
 * npm run restore -- FILE [--force]: loads a backup made by npm run backup into the configured database, which must
 * be empty (PostgreSQL: a new database; PGlite: no DATA_DIR/db yet, or --force to move the existing one aside).
 * PGlite needs the server stopped.
 */
import { restoreDatabase } from '../apps/server/src/platform/backup.ts';
import { config, fail, main, parseArgs, refuseRunningServer } from './backup-cli.ts';

const USAGE = 'usage: npm run restore -- FILE [--force]  (--force: replace an existing PGlite database, kept aside)';

await main(async () => {
  const args = parseArgs(process.argv.slice(2), USAGE);
  if (!args.file) fail(USAGE);
  const settings = config();
  await refuseRunningServer(settings);
  await restoreDatabase(settings.database, args.file, { force: args.force });
  console.log(`${args.file} restored into the ${settings.database.kind} database`);
});

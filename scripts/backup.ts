/**
 * npm run backup [-- FILE] [--force]: a backup of the configured database (DATABASE_URL, else the PGlite database in
 * DATA_DIR/db, which needs the server stopped). Default FILE: tutti-<engine>-<UTC time>.<ext> here.
 */
import { backupDatabase, defaultBackupFile } from '../apps/server/src/platform/backup.ts';
import { config, main, parseArgs, refuseRunningServer } from './backup-cli.ts';

const USAGE = 'usage: npm run backup -- [FILE] [--force]  (--force: PGlite left open by a killed server)';

await main(async () => {
  const args = parseArgs(process.argv.slice(2), USAGE);
  const settings = config();
  await refuseRunningServer(settings);
  const file = args.file ?? defaultBackupFile(settings.database);
  await backupDatabase(settings.database, file, { force: args.force });
  console.log(`backup of the ${settings.database.kind} database written to ${file}`);
});

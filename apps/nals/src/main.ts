#!/usr/bin/env -S npx tsx
import { startNals } from './app.ts';
import { parseCli } from './cli.ts';
import { createLog } from './log.ts';

/** A stop request ends the process within this time, whatever still hangs (a broker that stopped answering, an
 *  action in progress): the bye is sent if the broker takes it by then. */
const EXIT_DEADLINE_MS = 1000;

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2));
  if (cli.kind === 'help') {
    process.stdout.write(cli.text);
    return;
  }
  if (cli.kind === 'error') {
    process.stderr.write(`tutti-nals: ${cli.message}\nRun with --help for usage.\n`);
    process.exit(2);
  }
  const { options } = cli;
  const log = createLog(options.logLevel);
  log.info('starting the audio client emulator (simulated engine, no sound card used)', {
    version: options.version,
    broker: options.broker,
    faults: options.faults,
  });
  const nals = await startNals(options, log);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    setTimeout(() => {
      log.warn('could not stop cleanly in time, exiting anyway', { afterMs: EXIT_DEADLINE_MS });
      process.exit(0);
    }, EXIT_DEADLINE_MS).unref();
    nals.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error('stop failed', { err });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`tutti-nals: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

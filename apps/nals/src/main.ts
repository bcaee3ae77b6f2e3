#!/usr/bin/env -S npx tsx
import { startNals } from './app.ts';
import { checkBroker, parseCli } from './cli.ts';
import { createLog } from './log.ts';
import { brokerOfServer, ServerBrokerError } from './server-broker.ts';

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
  const { server, ...parsed } = cli.options;
  const log = createLog(parsed.logLevel);
  // No --broker: the one the server gives its pages, so that a server on any port is found from its address alone.
  const broker = parsed.broker ?? (await brokerOfServer(server).catch(exitWith));
  const problem = checkBroker(broker);
  if (problem)
    exitWith(new ServerBrokerError(`the server at ${server} names a broker the client cannot use: ${problem}`));
  const options = { ...parsed, broker };
  log.info('starting the audio client emulator (simulated engine, no sound card used)', {
    version: options.version,
    broker: options.broker,
    ...(parsed.broker === null && { from: server }),
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

function exitWith(err: unknown): never {
  process.stderr.write(`tutti-nals: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(`tutti-nals: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

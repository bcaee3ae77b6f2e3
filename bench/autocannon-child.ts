import autocannon from 'autocannon';

/**
 * Runs one autocannon load in its own process, so the load generator never shares an event loop (or a core's
 * time slices within one thread) with the servers it measures. Receives options over IPC, answers with the result.
 */
process.once('message', (options: autocannon.Options) => {
  autocannon(options, (err, result) => {
    if (err) {
      process.send?.({ error: String(err) }, () => process.exit(1));
      return;
    }
    process.send?.({ result }, () => process.exit(0));
  });
});

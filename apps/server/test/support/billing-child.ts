/**
 * The API as a child process for the kill tests (test/billing-kill.test.ts): the real app on PostgreSQL with its
 * embedded payment sandbox and the file mailer, both in DATA_DIR, its jobs on their timers, its clock moved by
 * CLOCK_OFFSET_MS. Prints "listening <port>" once ready; the test ends it with SIGKILL (or SIGTERM).
 */
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';

const offset = Number(process.env['CLOCK_OFFSET_MS'] ?? 0);
const config = loadConfig(process.env);
const app = await buildApp(config, { now: () => new Date(Date.now() + offset) });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

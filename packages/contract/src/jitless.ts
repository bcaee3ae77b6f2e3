import { config } from 'zod/v4/core';

/** Imported for its effect, first thing in a browser entry (apps/web/src/main.tsx): zod then never compiles object
 *  parsers with `new Function`, nor probes whether it may. Under the page's CSP (no 'unsafe-eval') that probe fails
 *  quietly but is reported as a violation on every load. The server keeps the compiled parsers (no CSP there, and
 *  they are faster). The setting is global (globalThis), so it holds for every zod module instance. */
config({ jitless: true });

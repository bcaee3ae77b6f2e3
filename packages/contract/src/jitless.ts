/** Imported for its effect, first thing in a browser entry (apps/web/src/main.tsx): zod then never compiles object
 *  parsers with `new Function`, nor probes whether it may. Under the page's CSP (no 'unsafe-eval') that probe fails
 *  quietly but is reported as a violation on every load. The server keeps the compiled parsers (no CSP there, and
 *  they are faster).
 *
 *  Zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already there when it loads
 *  (`zod/v4/core/core.js`), so the setting is written there without importing zod: `config({ jitless: true })` from
 *  `zod/v4/core` brought zod's core utilities into the entry script, which every page (the login page too) then
 *  downloaded and ran before any route that parses. jitless.test.ts checks zod still reads it. */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

/**
 * `npm run typecheck`: every TypeScript project of the repository checked by its own `tsc -p`, as many at once as the
 * machine has cores (one after the other took 52 s of the CI's run on two cores). Each project's output is printed
 * whole once it is done, so two projects' errors never interleave; the exit code is non-zero if any project fails.
 */
const PROJECTS = [
  // The largest first, so the lanes end together.
  'apps/web',
  'apps/server',
  'e2e',
  'bench',
  'apps/nals',
  'apps/room',
  'packages/contract',
  'tsconfig.scripts.json',
];

/** TypeScript's own command, run by this Node: no `npx` lookup per project. */
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      process.stdout.write(`typecheck ${project}: ${code === 0 ? 'ok' : 'FAILED'}\n${text}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = false;
async function lane(): Promise<void> {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    if (!(await check(project))) failed = true;
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, lane));
process.exit(failed ? 1 : 0);

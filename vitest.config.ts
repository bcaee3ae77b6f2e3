import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every unit and integration test; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on the 2-core CI box runs the 282 files one at a time (most
    // of a file's time is its imports and environment, not its tests). 542 s -> 411 s for the whole run here.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'nals',
          root: 'apps/nals',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // Real UDP with the protocol's own deadlines (a join unanswered in 3 s is refused): on a loaded 2-core CI
          // box a join once missed its deadline while the server suites ran beside it. One retry in CI, as the
          // end-to-end journeys have; a test that fails twice still fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          name: 'room',
          root: 'apps/room',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      'apps/web',
      // The repository's own checks (docs/spec-conformance.md against the route tables, the protocol, the spec).
      { test: { name: 'scripts', root: '.', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});

import { defineConfig, devices } from '@playwright/test';
import {
  BASE_URL,
  BROKER_PORT,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DATA_DIR,
  PORT,
  REPO_ROOT,
  ROOM_HTTP_PORT,
  ROOM_UDP_PORT,
} from './support/env.ts';

const ci = Boolean(process.env.CI);

/**
 * The whole product runs as in production (one Node process serving the built web and the API) on its own port,
 * with a data folder wiped at every start so each run begins from an empty database and an empty outbox.
 * The web must already be built: the root `test:e2e` script builds it first.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './.tmp/test-results',
  // Two cores: one worker drives Chromium while the other waits on the server; more would only add contention.
  workers: 2,
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // `exec` so Playwright's stop signal reaches the server itself (its graceful shutdown), not a wrapping shell.
    command: `rm -rf '${DATA_DIR}' && exec npx tsx apps/server/src/main.ts`,
    cwd: REPO_ROOT,
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      RATE_LIMIT_AUTH_MAX: '1000',
      // Accounts of this domain may join test rehearsals; these accounts administer (test rehearsals, products…):
      // the second one reads the administration in French (the saved locale of the account wins once signed in).
      TESTER_EMAILS: '@testers.e2e.tutti.local',
      ADMIN_EMAILS: 'admin@e2e.tutti.local,admin-fr@e2e.tutti.local',
      LOG_LEVEL: 'warn',
      // A few real cities: the GeoNames load would compete with the journeys for the CPU of a fresh database.
      PLACES_DATASET: 'sample',
      // DEFAULT_OFFER left unset: the journeys run on what a fresh install seeds (one enabled monthly offer,
      // default-offer.spec.ts); the ones that need their own products make them beside it.
      // Own ports, so a development server on the defaults never collides with the tests.
      BROKER_PORT: String(BROKER_PORT),
      ROOM_UDP_PORT: String(ROOM_UDP_PORT),
      ROOM_HTTP_PORT: String(ROOM_HTTP_PORT),
    },
  },
});

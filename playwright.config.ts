// End-to-end tests in Debian's Chromium (Playwright's own browser download does not work here).
// The built server runs on an in-memory SQLite database, with the admin password of the tests
// and TRUST_PROXY=1, so that each admin test can send as its own address (X-Forwarded-For) and
// stay clear of the per-address rate limits (tests/e2e/admin.spec.ts).
import { defineConfig } from '@playwright/test'
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/lib/chromium.ts'
import { E2E_ADMIN_PASSWORD } from './tests/helpers/admin.ts'

const PORT = Number(process.env.E2E_PORT ?? 4317)
export const baseURL = `http://127.0.0.1:${PORT}`

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  // No retries: a test that fails once is a finding. (The one failure that had CI retry was the
  // call bar taking a tap on Send at the screen's bottom edge: fixed, and reproduced by
  // tests/e2e/looks.spec.ts.)
  retries: 0,
  // CI on 2 cores runs two browsers, the server and argon2 sign-ins at once, over an inbox the
  // suite has filled: a test that takes 9 s alone has taken over 30 s there, and one of 18 s over
  // a minute, so CI allows more time per test and per expectation.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.reports/playwright.json' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
  },
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: ':memory:',
      LOG_LEVEL: 'warn',
      // The inbox accepts changes from this origin only (src/server/admin/origin.ts).
      PUBLIC_ORIGIN: baseURL,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      TRUST_PROXY: '1',
      // The suites send more than a flood's worth of requests on purpose (decision 040).
      CONTACT_OVERALL_LIMIT: '100000/1h',
      // No daily test push to the suites' subscribed browsers (decision 047).
      DAILY_TEST_ALERT: 'false',
    },
  },
})

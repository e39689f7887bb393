// End-to-end tests in Debian's Chromium (Playwright's own browser download does not work here).
// The built server runs on an in-memory SQLite database.
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4317)
export const baseURL = `http://127.0.0.1:${PORT}`

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.reports/playwright.json' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: ':memory:', LOG_LEVEL: 'warn', PUBLIC_ORIGIN: 'http://localhost:3000' },
  },
})

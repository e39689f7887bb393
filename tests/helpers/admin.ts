// The admin password the end-to-end server starts with (playwright.config.ts). Test-only: the
// bundle test (tests/integration/admin-bundle.test.ts) checks that no built file contains it.
export const E2E_ADMIN_PASSWORD = 'e2e admin password, long enough'

// Whether the app has taken over the page. A signed-in /admin comes from the server with the
// inbox's header in its HTML (AdminApp.tsx), where a button does nothing until React runs, and
// the Menu's popover even opens without it: a tap on it and then on People, on a slow phone,
// opened the menu and then did nothing, and words typed in the search were never searched for.
// Such controls are disabled until this is true
// (tests/e2e/admin-takeover.spec.ts).
import { useSyncExternalStore } from 'react'

const unchanging = () => () => undefined

/** False in the server's HTML and while React takes it over, true from then on. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  )

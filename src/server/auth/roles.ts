// The roles of named accounts (docs/decisions/053-accounts-and-roles.md): `owner` may do
// everything; `office` works the inbox, the schedule and the customers, but not the accounts, the
// site editor or erasing a person. Which route needs which is declared once, in
// src/server/admin/api.ts (ROUTE_ROLES).
export type Role = 'owner' | 'office'

/** What a route asks: a role, or nothing (`public`: the sign-in, the test alert's tap). */
export type Needs = Role | 'public'

/** Whether someone of `role` may use a route that needs `needs`. */
export const mayUse = (role: Role, needs: Needs): boolean => needs !== 'owner' || role === 'owner'

/** The signed-in person, as the routes behind the session check read it (`c.var.user`). */
export type SignedInUser = { id: number; name: string; email: string | null; role: Role }
